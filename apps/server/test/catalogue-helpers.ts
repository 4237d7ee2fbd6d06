import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/client.js';
import { freshDatabase } from './helpers.js';

/**
 * Registers the file's hooks for a catalogue test: a fresh database and an upload folder (named
 * `name-…` under the system's temporary folder) handed to `ready`, which may import into them;
 * dropped and removed after the tests.
 */
export function withCatalogueDatabase(name: string, ready: (db: Db, uploadDir: string) => unknown): void {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let uploadDir: string | undefined;
  beforeAll(async () => {
    database = await freshDatabase();
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    await ready(database.db, uploadDir);
  });
  afterAll(async () => {
    await database?.drop();
    if (uploadDir) fs.rmSync(uploadDir, { recursive: true, force: true });
  });
}
