import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { DEFAULT_LIMITS, folderSource } from '../../src/features/epc/import/index.js';
import { validateCatalogue } from '../../src/features/epc/import/validate.js';
import { writeCatalogue } from '../../src/features/epc/import/write.js';

/**
 * The embedded database (PGlite) runs in the server's own thread: a catalogue's COPY held every
 * other request until the whole catalogue was written, 10 s for 600,000 part rows
 * (docs/catalogue-format.md#limits). It gives way between its blobs.
 */
const EXAMPLE = path.resolve(import.meta.dirname, '../../../../docs/catalogue-example');

let database: Database;

beforeAll(async () => {
  database = await openDatabase(null, 'memory://');
});

afterAll(async () => {
  await database.close();
});

describe('writing a catalogue into the embedded database', () => {
  it('lets other requests in while it writes', async () => {
    const checked = await validateCatalogue(database.db, folderSource(EXAMPLE), DEFAULT_LIMITS);
    expect(checked.problems).toEqual([]);
    let otherWorkDone = false;
    setImmediate(() => (otherWorkDone = true));
    const written = await writeCatalogue(database.db, checked.plan!);
    // Read before anything else can run: true only if the writer gave the turn away on its way.
    const doneDuringWrite = otherWorkDone;
    expect(written.version).toBe(1);
    expect(doneDuringWrite).toBe(true);
  });
});
