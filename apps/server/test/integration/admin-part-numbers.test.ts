import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber, productNameColumns } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { products } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestPayload, type TestServer } from '../helpers.js';

/**
 * The back office's cross-reference and synonym pages (docs/search.md#part-numbers): a relation that loops or makes a
 * chain of more than 20 steps is refused (with file and line in a CSV) and changes nothing; a looping
 * or empty synonym likewise; every write is audited and search follows it at once. Access by role is
 * in admin-permissions.test.ts (generated from ADMIN_CALLS).
 */
let server: TestServer;
let staff: string;
let productId = 0;

/** Saves a cross-reference as the staff member. */
const saveXref = (payload: TestPayload<'adminSaveXref'>) => call(server, 'adminSaveXref', payload, { token: staff });

const count = async (table: 'part_xrefs' | 'part_synonyms' | 'admin_audit') =>
  Number((await queryRows<{ n: string }>(server.db, sql`select count(*)::text as n from ${sql.raw(table)}`))[0]!.n);

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  const name = '교차참조 시험 필터';
  const [row] = await server.db
    .insert(products)
    .values({
      name,
      ...productNameColumns(name),
      pid: 'XR-300',
      pidKey: alphaNumber('XR-300'),
      priceA: 1000,
      priceB: 1000,
      priceC: 1000,
      priceD: 1000,
      salePrice: 1200,
      hasAmount: 2,
      stockName: '한국 김포물류센터',
      storageId: 1,
    })
    .returning({ id: products.id });
  productId = row!.id;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('cross-reference', () => {
  it('adds a supersession that search follows at once, audited', async () => {
    const audits = await count('admin_audit');
    const res = await saveXref({ pid: 'XR 100', toPid: 'XR-200', kind: 'supersedes', remark: '시험' });
    // The message names the kind saved: a supersession is a 대체품번, not a 호환품번.
    expect([res.body.code, res.body.message]).toEqual([201, '대체품번 관계를 저장했습니다.']);
    expect(res.body.results).toMatchObject({
      pid: 'XR 100',
      toPid: 'XR-200',
      kind: 'supersedes',
      remark: '시험',
      createdBy: expect.any(String),
    });
    expect((await saveXref({ pid: 'XR-200', toPid: 'XR-300', kind: '대체' })).body.code).toBe(201);
    const both = await saveXref({ pid: 'XR-OE-1', toPid: 'XR-AM-1', kind: 'interchangeable' });
    expect([both.body.code, both.body.message]).toEqual([201, '호환품번 관계를 저장했습니다.']);
    expect(await count('admin_audit')).toBe(audits + 3);
    const found = await call(server, 'getProductHome', {
      searchType: 'pid',
      searchKeyword: 'xr100',
      page: 1,
      size: 10,
    });
    expect((found.body.results as { seq: number; matchReason: string }[]).map((r) => [r.seq, r.matchReason])).toEqual([
      [productId, '대체품번 (이전 번호 xr100 → XR-200 → 현재 XR-300)'],
    ]);
  });

  // The loop is shown in the spellings first seen: the refused relation's own ('XR100') among them.
  it('refuses a relation that closes a loop (422) or repeats one (409), changing nothing', async () => {
    const before = [await count('part_xrefs'), await count('admin_audit')];
    const loop = await saveXref({ pid: 'XR-300', toPid: 'XR100', kind: 'supersedes' });
    expect(loop.status).toBe(422);
    expect(loop.body.message).toBe('대체 관계가 순환합니다: XR-300 → XR100 → XR-200 → XR-300');
    const again = await saveXref({ pid: 'xr-100', toPid: 'XR200', kind: 'supersedes' });
    expect(again.status).toBe(409);
    const same = await saveXref({ pid: 'XR-9', toPid: 'xr 9', kind: 'interchangeable' });
    expect(same.status).toBe(422);
    const bad = await saveXref({ pid: '---', toPid: 'XR-1', kind: 'supersedes' });
    expect(bad.status).toBe(400);
    expect((await saveXref({ pid: 'A1', toPid: 'B1', kind: 'maybe' })).status).toBe(400);
    expect([await count('part_xrefs'), await count('admin_audit')]).toEqual(before);
  });

  it('imports a CSV: the preview names a loop by file and line, and a commit with it writes nothing', async () => {
    const csv =
      'pid,toPid,kind,remark\nCS-1,CS-2,supersedes,\nCS-2,CS-3,supersedes,\nCS-3,CS-1,supersedes,되돌림\nCS-5,AF-5,호환,\n';
    const before = await count('part_xrefs');
    for (const commit of [false, true]) {
      const res = await call(server, 'adminImportXrefs', { fileName: 'xref-11.csv', csv, commit }, { token: staff });
      expect(res.status).toBe(200);
      const results = res.body.results as {
        committed: boolean;
        errors: { line: number; message: string }[];
        rows: { line: number; action: string }[];
      };
      expect(results.committed).toBe(false);
      // The refused line 4 is listed once, as refused, never also as a relation to add.
      expect(results.rows.map((r) => [r.line, r.action])).toEqual([
        [2, 'create'],
        [3, 'create'],
        [5, 'create'],
      ]);
      expect(results.errors).toEqual([
        { line: 4, message: 'xref-11.csv 4행: 대체 관계가 순환합니다: CS-1 → CS-2 → CS-3 → CS-1' },
      ]);
    }
    expect(await count('part_xrefs')).toBe(before);
  });

  it('imports a CSV with a line repeated: the preview shows the repeat as already there, and the answer counts what was added', async () => {
    const csv = 'pid,toPid,kind,remark\nXR9H1,XR9H2,호환,\nXR9H1,XR9H2,호환,\nXR9H3,XR9H4,호환,\n';
    const before = await count('part_xrefs');
    const preview = await call(server, 'adminImportXrefs', { fileName: 'dup.csv', csv }, { token: staff });
    const rowsOf = (res: { body: { results?: unknown } }) =>
      (res.body.results as { rows: { line: number; action: string }[] }).rows.map((r) => [r.line, r.action]);
    expect(rowsOf(preview)).toEqual([
      [2, 'create'],
      [3, 'same'],
      [4, 'create'],
    ]);
    const done = await call(server, 'adminImportXrefs', { fileName: 'dup.csv', csv, commit: true }, { token: staff });
    expect(done.body.code).toBe(201);
    expect(done.body.message).toBe('호환품번 관계 2건을 가져왔습니다.');
    expect(rowsOf(done)).toEqual(rowsOf(preview));
    expect(await count('part_xrefs')).toBe(before + 2);
    // The same file again adds nothing, and says so.
    const again = await call(server, 'adminImportXrefs', { fileName: 'dup.csv', csv, commit: true }, { token: staff });
    expect(again.body.message).toBe('호환품번 관계 0건을 가져왔습니다.');
    expect(await count('part_xrefs')).toBe(before + 2);
  });

  it('names a faulty line by its line in the file: blank lines and a remark over two lines count', async () => {
    const csv = 'pid,toPid,kind,remark\n\nBL-1,BL-2,supersedes,"두 줄\n메모"\n\nBL-3,BL-4,replaces,\n';
    const res = await call(server, 'adminImportXrefs', { fileName: 'blank.csv', csv, commit: false }, { token: staff });
    const errors = (res.body.results as { errors: { line: number; message: string }[] }).errors;
    // Line 3's remark may not break (a remark is one line); line 6's kind is unknown.
    expect(errors.map((e) => e.message.slice(0, 13))).toEqual(['blank.csv 3행:', 'blank.csv 6행:']);
  });

  it('imports a CSV that makes a chain of 21 steps with the stored ones: refused at the line that adds the step too many', async () => {
    const lines = Array.from({ length: 21 }, (_, i) => `LC-${i},LC-${i + 1},supersedes,`);
    const res = await call(
      server,
      'adminImportXrefs',
      { fileName: 'long.csv', csv: `pid,toPid,kind,remark\n${lines.join('\n')}\n`, commit: true },
      { token: staff },
    );
    const errors = (res.body.results as { errors: { line: number; message: string }[] }).errors;
    expect(errors).toEqual([
      { line: 22, message: 'long.csv 22행: 대체 관계가 20단계를 넘습니다: LC-0 → … → LC-21 (21단계)' },
    ]);
    const ok = await call(
      server,
      'adminImportXrefs',
      { fileName: 'ok.csv', csv: `pid,toPid,kind,remark\n${lines.slice(0, 20).join('\n')}\n`, commit: true },
      { token: staff },
    );
    expect(ok.body.code).toBe(201);
    expect((ok.body.results as { committed: boolean }).committed).toBe(true);
    const listed = await call(server, 'adminXrefList', { keyword: 'lc-1', page: 1, size: 50 }, { token: staff });
    // Rows with a number starting LC1: LC-0→LC-1, LC-1→LC-2, LC-9→LC-10 and LC-10→LC-11 … LC-19→LC-20.
    expect(listed.body.total).toBe(13);
  });

  it('skips a line of empty cells as a blank line, as spreadsheets save their trailing rows; it still counts for line numbers', async () => {
    const csv = [
      'pid,toPid,kind,remark',
      ',,,',
      'SK-1,SK-2,호환,',
      ' , ,"",',
      'SK-3,SK-4,replaces,',
      ',,,',
      ',,,',
    ].join('\r\n');
    const res = await call(server, 'adminImportXrefs', { fileName: 'sheet.csv', csv }, { token: staff });
    const results = res.body.results as { rows: { line: number; pid: string }[]; errors: { line: number }[] };
    expect(results.rows.map((r) => [r.line, r.pid])).toEqual([[3, 'SK-1']]);
    expect(results.errors.map((e) => e.line)).toEqual([5]);
    const before = await count('part_xrefs');
    const done = await call(
      server,
      'adminImportXrefs',
      { fileName: 'sheet.csv', csv: 'pid,toPid,kind,remark\nSK-5,SK-6,호환,\n,,,\n,,,\n', commit: true },
      { token: staff },
    );
    expect([done.body.code, done.body.message]).toEqual([201, '호환품번 관계 1건을 가져왔습니다.']);
    expect(await count('part_xrefs')).toBe(before + 1);
  });

  it('refuses a file with no row under its header, or only lines of empty cells, as having no rows', async () => {
    for (const csv of ['pid,toPid,kind,remark\n', 'pid,toPid,kind,remark\n,,,\n,,,\n']) {
      const res = await call(server, 'adminImportXrefs', { fileName: 'none.csv', csv, commit: true }, { token: staff });
      expect([res.status, res.body.message]).toEqual([400, 'CSV 파일에 호환품번 관계 행이 없습니다.']);
    }
  });

  it('refuses a CSV with a wrong header or broken quoting', async () => {
    expect((await call(server, 'adminImportXrefs', { csv: 'a,b\n1,2\n' }, { token: staff })).status).toBe(400);
    expect(
      (await call(server, 'adminImportXrefs', { csv: 'pid,toPid,kind,remark\n"A,B\n' }, { token: staff })).status,
    ).toBe(400);
  });

  it('removes a relation, audited, naming the kind removed; a second removal is 404', async () => {
    const seqOf = async (keyword: string) => {
      const listed = await call(server, 'adminXrefList', { keyword, page: 1, size: 10 }, { token: staff });
      const rows = listed.body.results as { seq: number; pid: string; kind: string }[];
      return rows.find((r) => r.pid === keyword)!;
    };
    const superseded = await seqOf('XR 100');
    expect(superseded.kind).toBe('supersedes');
    const audits = await count('admin_audit');
    const removed = await call(server, 'adminDeleteXref', { seq: superseded.seq }, { token: staff });
    expect([removed.body.code, removed.body.message]).toEqual([201, '대체품번 관계를 지웠습니다.']);
    expect(await count('admin_audit')).toBe(audits + 1);
    expect((await call(server, 'adminDeleteXref', { seq: superseded.seq }, { token: staff })).status).toBe(404);
    const interchangeable = await seqOf('XR-OE-1');
    expect(interchangeable.kind).toBe('interchangeable');
    const gone = await call(server, 'adminDeleteXref', { seq: interchangeable.seq }, { token: staff });
    expect([gone.body.code, gone.body.message]).toEqual([201, '호환품번 관계를 지웠습니다.']);
  });
});

describe('synonyms', () => {
  it('lists the seeded groups and saves a new one that search uses at once', async () => {
    const listed = await call(server, 'adminSynonymList', {}, { token: staff });
    expect((listed.body.results as { terms: string[] }[]).length).toBe(74);
    expect((listed.body.results as { terms: string[] }[])[0]!.terms).toEqual([
      '벤츠',
      '메르세데스',
      '메르세데스벤츠',
      'Mercedes',
      'Mercedes-Benz',
      'MB',
      'Benz',
    ]);
    const saved = await call(server, 'adminSaveSynonym', { terms: ['교차참조', '크로스레퍼런스'] }, { token: staff });
    expect(saved.body.code).toBe(201);
    const found = await call(server, 'getProductHome', {
      searchType: 'name',
      searchKeyword: '크로스레퍼런스 시험',
      page: 1,
      size: 10,
    });
    expect((found.body.results as { seq: number }[]).map((r) => r.seq)).toEqual([productId]);
  });

  it('refuses a term already in another group, an empty term and a group of one word, changing nothing', async () => {
    const before = [await count('part_synonyms'), await count('admin_audit')];
    const loop = await call(server, 'adminSaveSynonym', { terms: ['쇼바', '스프링'] }, { token: staff });
    expect([loop.status, loop.body.message]).toEqual([422, "'쇼바'은(는) 이미 다른 동의어 묶음에 있습니다."]);
    const empty = await call(server, 'adminSaveSynonym', { terms: ['--', '스프링'] }, { token: staff });
    expect([empty.status, empty.body.message]).toEqual([422, '동의어에 글자나 숫자가 없습니다.']);
    const one = await call(server, 'adminSaveSynonym', { terms: ['스프링', ' 스프링 '] }, { token: staff });
    expect(one.status).toBe(422);
    expect((await call(server, 'adminSaveSynonym', { terms: ['스프링'] }, { token: staff })).status).toBe(400);
    expect(
      (await call(server, 'adminSaveSynonym', { seq: 999999, terms: ['스프링', '코일'] }, { token: staff })).status,
    ).toBe(404);
    expect([await count('part_synonyms'), await count('admin_audit')]).toEqual(before);
  });
});
