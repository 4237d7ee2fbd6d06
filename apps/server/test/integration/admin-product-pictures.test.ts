import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '@partsmall/contract';
import { adminAudit, products } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { png } from '../chat-images.js';
import { makeCompany } from '../member-helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * A product's pictures in the back office (docs/requirements.md#back-office): at most 10, counted
 * under the product's lock so that uploads at once cannot pass it; staff remove one (audited), and
 * its file leaves the storage only when no product shows it any more (the demo's pictures are shared).
 */
let server: TestServer;
let staff: string;
let buyer: string;
let uploadDir: string;

beforeAll(async () => {
  server = await startTestServer();
  uploadDir = server.ctx!.config.uploadDir;
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  const shop = await makeCompany(server, '사진권한', 0);
  buyer = await loginAs(server, shop.main.id, shop.main.pw);
});
afterAll(async () => {
  await server?.close();
});

const LIMIT = '상품 이미지는 10장까지 등록할 수 있습니다. 다른 이미지를 지운 뒤 올리세요.';
const REMOVED = '이미지를 삭제했습니다.';
const NOT_HERE = '이 상품에 없는 이미지입니다. 새로고침해 확인하세요.';

const post = <T = AdminProduct>(p: string, body: Record<string, unknown>, token = staff) =>
  call<T>(server, 'POST', `api/admin/${p}`, body, token);
const upload = async (seq: number) =>
  post('uploadProductImage', { seq, name: 'pad.png', mime: 'image/png', data: (await png()).toString('base64') });
const remove = (seq: number, url: string, token = staff) => post('removeProductImage', { seq, url }, token);
const picturesOf = async (id: number) =>
  (await server.db.select({ imgFiles: products.imgFiles }).from(products).where(eq(products.id, id)))[0]!.imgFiles;
const stored = (url: string) => fs.existsSync(path.join(uploadDir, url.replace(/^\/uploads\//, '')));
const auditOf = (id: number, action: string) =>
  server.db
    .select({ before: adminAudit.before, after: adminAudit.after })
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.target, `product:${id}`)))
    .orderBy(asc(adminAudit.id));
/** A product already showing `n` pictures (stored files of its own). */
async function productWith(n: number) {
  const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
  const urls: string[] = [];
  fs.mkdirSync(path.join(uploadDir, 'products'), { recursive: true });
  for (let i = 0; i < n; i++) {
    const name = `products/${randomUUID()}.png`;
    fs.writeFileSync(path.join(uploadDir, name), await png());
    urls.push(`/uploads/${name}`);
  }
  await server.db.update(products).set({ imgFiles: urls }).where(eq(products.id, p.id));
  return { id: p.id, urls };
}
const filesInStorage = () => fs.readdirSync(path.join(uploadDir, 'products')).length;

describe('the pictures of a product: at most 10', () => {
  it('with 9, one more is taken (10); with 10, the next is refused and nothing is stored', async () => {
    const p = await productWith(9);
    const tenth = await upload(p.id);
    expect([tenth.status, tenth.body.results?.imgFiles.length]).toEqual([200, 10]);
    const files = filesInStorage();
    const eleventh = await upload(p.id);
    expect([eleventh.status, eleventh.body.message, eleventh.body.field]).toEqual([400, LIMIT, 'imgFiles']);
    expect(await picturesOf(p.id)).toHaveLength(10);
    expect(filesInStorage()).toBe(files);
  });

  it('four uploads at once on a product of 8: two are taken, two refused; 10 pictures and no stray file', async () => {
    const p = await productWith(8);
    const files = filesInStorage();
    const answers = await Promise.all([upload(p.id), upload(p.id), upload(p.id), upload(p.id)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([201, 201, 400, 400]);
    expect(answers.filter((a) => a.body.code === 400).map((a) => a.body.message)).toEqual([LIMIT, LIMIT]);
    const pictures = await picturesOf(p.id);
    expect(pictures).toHaveLength(10);
    expect(filesInStorage()).toBe(files + 2);
    expect(pictures.every(stored)).toBe(true);
  });
});

describe('removing a picture', () => {
  it('takes it off the product and out of the storage, audited; the same picture again is refused', async () => {
    const p = await productWith(0);
    const first = (await upload(p.id)).body.results!.imgFiles[0]!;
    const second = (await upload(p.id)).body.results!.imgFiles[1]!;
    const res = await remove(p.id, first);
    expect([res.status, res.body.message, res.body.results?.imgFiles]).toEqual([200, REMOVED, [second]]);
    expect(await picturesOf(p.id)).toEqual([second]);
    expect([stored(first), stored(second)]).toEqual([false, true]);
    expect((await fetch(`${server.base}${first}`)).status).toBe(404);
    expect((await auditOf(p.id, 'removeProductImage')).map((r) => [r.before, r.after])).toEqual([
      [{ imgFiles: [first, second] }, { imgFiles: [second], removed: first }],
    ]);

    const again = await remove(p.id, first);
    expect([again.status, again.body.message, again.body.field]).toEqual([404, NOT_HERE, 'url']);
    expect(await picturesOf(p.id)).toEqual([second]);
    expect(await auditOf(p.id, 'removeProductImage')).toHaveLength(1);
  });

  it("refuses another product's picture, which stays on that product and in the storage", async () => {
    const [mine, theirs] = await Promise.all([productWith(1), productWith(2)]);
    const res = await remove(mine.id, theirs.urls[0]!);
    expect([res.status, res.body.message]).toEqual([404, NOT_HERE]);
    expect(await picturesOf(theirs.id)).toEqual(theirs.urls);
    expect(await picturesOf(mine.id)).toEqual(mine.urls);
    expect(stored(theirs.urls[0]!)).toBe(true);
    expect(await auditOf(mine.id, 'removeProductImage')).toEqual([]);
  });

  it('keeps a file two products show until the last one lets it go', async () => {
    const [a, b] = await Promise.all([productWith(1), productWith(0)]);
    const shared = a.urls[0]!;
    await server.db
      .update(products)
      .set({ imgFiles: [shared] })
      .where(eq(products.id, b.id));
    expect((await remove(a.id, shared)).body.code).toBe(201);
    expect([await picturesOf(a.id), await picturesOf(b.id), stored(shared)]).toEqual([[], [shared], true]);
    expect((await remove(b.id, shared)).body.code).toBe(201);
    expect([await picturesOf(b.id), stored(shared)]).toEqual([[], false]);
  });

  it('two staff removing one picture at once: one is taken, the other refused', async () => {
    const p = await productWith(2);
    const answers = await Promise.all([remove(p.id, p.urls[0]!), remove(p.id, p.urls[0]!)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await picturesOf(p.id)).toEqual([p.urls[1]]);
    expect(stored(p.urls[0]!)).toBe(false);
  });

  it('a picture address outside the uploads (a full https address) leaves the product and touches no file', async () => {
    const p = await productWith(1);
    const outside = 'https://img.example.kr/parts/pad.jpg';
    await server.db
      .update(products)
      .set({ imgFiles: [outside, ...p.urls] })
      .where(eq(products.id, p.id));
    const res = await remove(p.id, outside);
    expect([res.status, res.body.results?.imgFiles]).toEqual([200, p.urls]);
    expect(stored(p.urls[0]!)).toBe(true);
  });

  it('a buyer is refused (403) and nothing changes', async () => {
    const p = await productWith(1);
    const res = await remove(p.id, p.urls[0]!, buyer);
    expect(res.status).toBe(403);
    expect(await picturesOf(p.id)).toEqual(p.urls);
    expect(stored(p.urls[0]!)).toBe(true);
  });
});
