import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { jobSettings, prepareJobQueues } from '../src/features/jobs/index.js';
import { seedDemo } from '../src/seed/demo.js';

/**
 * Test databases are copies of two templates made once per run (docs/operations.md#tests): one
 * migrated (the job queue's tables and queues included), one migrated and seeded with the demo shop
 * (its password hashes computed once). A copy by `CREATE DATABASE … TEMPLATE` takes a fraction of a
 * second where migrating and seeding took 2-3 s per file, and a server's first start on it does not
 * make pg-boss's tables and queues (0.7-1 s). The copies are dropped together at the end of the run:
 * PostgreSQL 15 makes each `DROP DATABASE` wait for a checkpoint of the whole cluster, about 1 s of
 * every file's close while other files write. The global setup (test/global-setup.ts) makes them and hands their names to the
 * test workers through these environment variables; without them (a file run outside Vitest, or on
 * the embedded database) each database is migrated and seeded as before.
 */
export const TEMPLATE_ENV = {
  migrated: 'PM_TEST_TEMPLATE_MIGRATED',
  seeded: 'PM_TEST_TEMPLATE_SEEDED',
  /** The product and catalogue pictures the seed drew, copied into each seeded server's upload folder. */
  uploads: 'PM_TEST_TEMPLATE_UPLOADS',
} as const;

export interface Templates {
  migrated: string;
  seeded: string;
  uploads: string;
}

/** The server's address with another database in its path; `extra` adds query parameters. */
export function databaseUrl(serverUrl: string, name: string, extra: Record<string, string> = {}): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.toString();
}

/** Runs statements on the server's maintenance connection (the database TEST_DATABASE_URL names). */
export async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Makes both templates on the server `serverUrl` names. */
export async function makeTemplates(serverUrl: string): Promise<Templates> {
  const stamp = `${Date.now().toString(36)}_${process.pid}`;
  const templates: Templates = {
    migrated: `pm_tpl_${stamp}_migrated`,
    seeded: `pm_tpl_${stamp}_seeded`,
    uploads: fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-template-uploads-')),
  };
  await onServer(serverUrl, [`create database ${templates.migrated}`]);
  const migrated = await openDatabase(databaseUrl(serverUrl, templates.migrated), '');
  try {
    await prepareJobQueues(migrated.db, jobSettings({}), {
      warn: (obj: unknown, msg?: string) => console.warn(`template ${templates.migrated}: ${msg}`, obj),
    });
  } finally {
    await migrated.close();
  }
  // A template may have no open connection while it is copied: each is closed before the next step.
  await onServer(serverUrl, [`create database ${templates.seeded} template ${templates.migrated}`]);
  const seeded = await openDatabase(databaseUrl(serverUrl, templates.seeded), '');
  try {
    await seedDemo(seeded.db, { uploadDir: templates.uploads });
  } finally {
    await seeded.close();
  }
  return templates;
}

/** The name every test database copied from these templates starts with (one run's copies). */
export function copyPrefix(templates: Templates): string {
  return `pm_test_${templates.migrated.replace(/^pm_tpl_/, '').replace(/_migrated$/, '')}_`;
}

/**
 * Drops the run's test databases, then its templates; answers how many test databases there were.
 * Twenty at a time: the checkpoint each drop waits for is shared by the drops waiting at the same
 * time (24 drops took 17.5 s four at a time and 1.6 s all at once on a busy machine).
 */
export async function dropTemplates(serverUrl: string, templates: Templates): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  let copies: string[];
  try {
    const found = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [copyPrefix(templates)],
    );
    copies = found.rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
  const lanes = Math.min(copies.length, 20);
  await Promise.all(
    Array.from({ length: lanes }, (_, lane) =>
      onServer(
        serverUrl,
        copies.filter((_, i) => i % lanes === lane).map((name) => `drop database if exists ${name} with (force)`),
      ),
    ),
  );
  await onServer(serverUrl, [
    `drop database if exists ${templates.seeded} with (force)`,
    `drop database if exists ${templates.migrated} with (force)`,
  ]);
  fs.rmSync(templates.uploads, { recursive: true, force: true });
  return copies.length;
}

/** The templates this run's global setup made, or null when there are none. */
export function templatesFromEnv(env: NodeJS.ProcessEnv = process.env): Templates | null {
  const migrated = env[TEMPLATE_ENV.migrated];
  const seeded = env[TEMPLATE_ENV.seeded];
  const uploads = env[TEMPLATE_ENV.uploads];
  return migrated && seeded && uploads ? { migrated, seeded, uploads } : null;
}
