import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { seedDemo } from '../src/seed/demo.js';

/**
 * Test databases are copies of two templates made once per run (docs/operations.md#tests): one
 * migrated, one migrated and seeded with the demo shop (its password hashes computed once). A copy
 * by `CREATE DATABASE … TEMPLATE` takes a fraction of a second where migrating and seeding took
 * 2-3 s per file. The global setup (test/global-setup.ts) makes them and hands their names to the
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
  await migrated.close();
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

export async function dropTemplates(serverUrl: string, templates: Templates): Promise<void> {
  await onServer(serverUrl, [
    `drop database if exists ${templates.seeded} with (force)`,
    `drop database if exists ${templates.migrated} with (force)`,
  ]);
  fs.rmSync(templates.uploads, { recursive: true, force: true });
}

/** The templates this run's global setup made, or null when there are none. */
export function templatesFromEnv(env: NodeJS.ProcessEnv = process.env): Templates | null {
  const migrated = env[TEMPLATE_ENV.migrated];
  const seeded = env[TEMPLATE_ENV.seeded];
  const uploads = env[TEMPLATE_ENV.uploads];
  return migrated && seeded && uploads ? { migrated, seeded, uploads } : null;
}
