import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber, productNameColumns } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { products } from '../../src/db/schema.js';
import { deleteCatalogue, importCatalogue } from '../../src/features/epc/import/index.js';
import { findProductsByNumbers } from '../../src/features/products/index.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * The stored relation closure (migration 0018, docs/search.md#part-numbers) follows every write of
 * both sources at once: a relation saved, removed or imported in the back office, a row written
 * directly, and a catalogue imported, replaced and deleted each change what the any-number search finds.
 */
let server: TestServer;
let staff: string;
let uploadDir: string;

const EXAMPLE = path.resolve(import.meta.dirname, '../../../../docs/catalogue-example');

/** The example catalogue folder in memory, its replacements swapped for `replacements`. */
function catalogueWith(replacements: string): Record<string, string | Buffer> {
  const out: Record<string, string | Buffer> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(EXAMPLE, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else
        out[child] = child.startsWith('images/')
          ? fs.readFileSync(path.join(EXAMPLE, child))
          : fs.readFileSync(path.join(EXAMPLE, child), 'utf8');
    }
  };
  walk('');
  out['replacements.jsonl'] = replacements;
  return out;
}

async function addProduct(pid: string) {
  const name = `폐쇄 시험 ${pid}`;
  await server.db.insert(products).values({
    name,
    ...productNameColumns(name),
    pid,
    pidKey: alphaNumber(pid),
    priceA: 1000,
    priceB: 1000,
    priceC: 1000,
    priceD: 1000,
    salePrice: 1200,
    hasAmount: 3,
    stockName: '한국 김포물류센터',
    storageId: 1,
  });
}

/** What the search of each number finds: [product number, reason] per hit. */
async function found(...numbers: string[]) {
  const hits = await findProductsByNumbers(server.db, numbers);
  return numbers.map((n) => (hits.get(alphaNumber(n)) ?? []).map((h) => [h.product.pid, h.reason]));
}

const closureRows = async (key: string) =>
  queryRows<{ pid: string; to_pid: string; kind: string }>(
    server.db,
    sql`select pid, to_pid, kind from part_relation_closure where key = ${key} order by pid, to_pid, kind`,
  );

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relation-closure-'));
  for (const pid of ['RC-200', 'RC-300', 'RC-900', 'RC-C2', '11 42 9 848 321']) await addProduct(pid);
}, 180_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('the back office writes', () => {
  it('a relation saved is found, and a chain grown at its far end moves the current number of every older one', async () => {
    expect(await found('RC-100')).toEqual([[]]);
    const saved = await call(
      server,
      'adminSaveXref',
      { pid: 'RC-100', toPid: 'RC-200', kind: 'supersedes' },
      { token: staff },
    );
    expect(saved.body.code).toBe(201);
    expect(await found('RC-100', 'RC 200')).toEqual([
      [['RC-200', '대체품번 (이전 번호 RC-100 → 현재 RC-200)']],
      [['RC-200', '품번 일치']],
    ]);
    expect(
      (await call(server, 'adminSaveXref', { pid: 'RC-200', toPid: 'RC-300', kind: 'supersedes' }, { token: staff }))
        .body.code,
    ).toBe(201);
    expect(await found('RC-100', 'RC-200')).toEqual([
      [['RC-300', '대체품번 (이전 번호 RC-100 → RC-200 → 현재 RC-300)']],
      [
        ['RC-300', '대체품번 (이전 번호 RC-200 → 현재 RC-300)'],
        ['RC-200', '품번 일치'],
      ],
    ]);
    expect(await closureRows('RC100')).toEqual([
      { pid: 'RC-100', to_pid: 'RC-200', kind: 'supersedes' },
      { pid: 'RC-200', to_pid: 'RC-300', kind: 'supersedes' },
    ]);
  });

  it('a relation removed is no longer followed, on either side of it', async () => {
    const [row] = await queryRows<{ id: number }>(
      server.db,
      sql`select id from part_xrefs where pid_key = 'RC200' and to_key = 'RC300'`,
    );
    expect((await call(server, 'adminDeleteXref', { seq: Number(row!.id) }, { token: staff })).body.code).toBe(201);
    expect(await found('RC-100', 'RC-200')).toEqual([
      [['RC-200', '대체품번 (이전 번호 RC-100 → 현재 RC-200)']],
      [['RC-200', '품번 일치']],
    ]);
    expect(await closureRows('RC100')).toEqual([{ pid: 'RC-100', to_pid: 'RC-200', kind: 'supersedes' }]);
    expect(await closureRows('RC200')).toEqual([]);
  });

  it('a CSV imported is found; a preview changes nothing', async () => {
    const csv = 'pid,toPid,kind,remark\nRC-C1,RC-C2,supersedes,\nRC-C2,RC-900,interchangeable,\n';
    const preview = await call(
      server,
      'adminImportXrefs',
      { fileName: 'rc.csv', csv, commit: false },
      { token: staff },
    );
    expect(preview.body.results).toMatchObject({ committed: false, errors: [] });
    expect(await found('RC-C1')).toEqual([[]]);
    const committed = await call(
      server,
      'adminImportXrefs',
      { fileName: 'rc.csv', csv, commit: true },
      { token: staff },
    );
    expect(committed.body.results).toMatchObject({ committed: true, errors: [] });
    expect(await found('RC-C1', 'RC-900')).toEqual([
      [
        ['RC-C2', '대체품번 (이전 번호 RC-C1 → 현재 RC-C2)'],
        ['RC-900', '호환품번'],
      ],
      [
        ['RC-900', '품번 일치'],
        ['RC-C2', '호환품번'],
      ],
    ]);
  });

  it('a row written or changed directly is followed too', async () => {
    await server.db.execute(
      sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind) values ('RC-D1', 'RCD1', 'RC-200', 'RC200', 'supersedes')`,
    );
    expect(await found('RC-D1')).toEqual([[['RC-200', '대체품번 (이전 번호 RC-D1 → 현재 RC-200)']]]);
    await server.db.execute(sql`update part_xrefs set to_pid = 'RC-900', to_key = 'RC900' where pid_key = 'RCD1'`);
    expect(await found('RC-D1', 'RC-200')).toEqual([
      [
        ['RC-900', '대체품번 (이전 번호 RC-D1 → 현재 RC-900)'],
        ['RC-C2', '호환품번'],
      ],
      [['RC-200', '품번 일치']],
    ]);
  });
});

describe('a large change', () => {
  it('12,000 relations in one statement (24,000 numbers) rebuild the closure whole, and the earlier ones are kept', async () => {
    await server.db.execute(
      sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind)
          select 'RC-BULK-' || g, 'RCBULK' || g, 'RC-NEW-' || g, 'RCNEW' || g, 'supersedes' from generate_series(1, 12000) g`,
    );
    expect(await closureRows('RCBULK11999')).toEqual([
      { pid: 'RC-BULK-11999', to_pid: 'RC-NEW-11999', kind: 'supersedes' },
    ]);
    expect(await found('RC-100', 'RC-C1')).toEqual([
      [['RC-200', '대체품번 (이전 번호 RC-100 → 현재 RC-200)']],
      [
        ['RC-C2', '대체품번 (이전 번호 RC-C1 → 현재 RC-C2)'],
        ['RC-900', '호환품번'],
      ],
    ]);
    await server.db.execute(sql`delete from part_xrefs where pid_key like 'RCBULK%'`);
    expect(await closureRows('RCBULK11999')).toEqual([]);
  });
});

describe('the catalogue import', () => {
  const chain =
    '{"pid": "11 42 7 953 125", "to": "11 42 8 575 211", "kind": "supersedes"}\n' +
    '{"pid": "11 42 8 575 211", "to": "11 42 9 848 321", "kind": "supersedes"}\n';

  it('a catalogue imported is found; replaced without a relation, it no longer is; deleted, nothing is left of it', async () => {
    expect(await found('11427953125')).toEqual([[]]);
    const first = await importCatalogue(server.db, catalogueWith(chain), { uploadDir });
    expect(first).toMatchObject({ ok: true, problems: [] });
    expect(await found('11427953125', '11-42-8-575-211')).toEqual([
      [['11 42 9 848 321', '대체품번 (이전 번호 11427953125 → 11 42 8 575 211 → 현재 11 42 9 848 321)']],
      [['11 42 9 848 321', '대체품번 (이전 번호 11-42-8-575-211 → 현재 11 42 9 848 321)']],
    ]);

    const second = await importCatalogue(server.db, catalogueWith(chain.split('\n')[0]! + '\n'), { uploadDir });
    expect(second).toMatchObject({ ok: true, version: 2 });
    expect(await found('11427953125', '11-42-8-575-211')).toEqual([[], []]);
    expect(await closureRows('11427953125')).toEqual([
      { pid: '11 42 7 953 125', to_pid: '11 42 8 575 211', kind: 'supersedes' },
    ]);

    expect(await deleteCatalogue(server.db, first.mcid!)).toBe(true);
    expect(await closureRows('11427953125')).toEqual([]);
    expect(await found('11427953125')).toEqual([[]]);
  });

  it('a shop relation onto a catalogue number follows the catalogue chain, and loses it when the catalogue goes', async () => {
    await importCatalogue(server.db, catalogueWith(chain), { uploadDir });
    expect(
      (
        await call(
          server,
          'adminSaveXref',
          { pid: 'RC-E1', toPid: '11 42 7 953 125', kind: 'supersedes' },
          { token: staff },
        )
      ).body.code,
    ).toBe(201);
    expect(await found('RC-E1')).toEqual([
      [['11 42 9 848 321', '대체품번 (이전 번호 RC-E1 → 11 42 7 953 125 → 11 42 8 575 211 → 현재 11 42 9 848 321)']],
    ]);
    await deleteCatalogue(server.db, 'EXAMPLE-BMW-G20');
    expect(await found('RC-E1')).toEqual([[]]);
  });
});
