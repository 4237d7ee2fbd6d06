import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_PARTS } from '../../src/seed/body-parts.js';
import { call, startTestServer, type TestServer } from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('api/getCarInfo', () => {
  it('answers the body-part table: at least 60 terms over pages 1 to 6, ordered by page', async () => {
    const res = await call(server, 'getCarInfo', {});
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const rows = res.body.results!;
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.length).toBe(BODY_PARTS.length);
    const pages = rows.map((r) => r.page);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect([...new Set(pages)]).toEqual([1, 2, 3, 4, 5, 6]);
    for (const p of [1, 2, 3, 4, 5, 6]) expect(rows.filter((r) => r.page === p).length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.seq)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.nameCn)).size).toBe(rows.length);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(['description', 'nameCn', 'nameKo', 'page', 'seq']);
      expect(r.nameCn, r.nameKo).toMatch(/^[\u4e00-\u9fffA-Z]+$/);
      expect(r.nameKo).toMatch(/[가-힣]/);
      expect(r.description).toMatch(/[가-힣]/);
    }
    expect(rows.find((r) => r.nameCn === '前保险杠')).toMatchObject({ page: 1, nameKo: '프론트 범퍼' });
  });

  it('does not add the terms twice when the demo seed runs again', async () => {
    const { seedDemo } = await import('../../src/seed/demo.js');
    await seedDemo(server.db);
    const res = await call(server, 'getCarInfo', {});
    expect(res.body.results!.length).toBe(BODY_PARTS.length);
  });
});
