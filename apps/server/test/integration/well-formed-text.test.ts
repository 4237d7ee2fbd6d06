import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type ChatAck } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { cartItems, chatMessages, products } from '../../src/db/schema.js';
import { call, loginAs, nextEvent, rawCall, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { ack, newCustomer, openChat } from '../chat-helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * Well-formed text (docs/security.md#hostile-input): every string the contract accepts is well-formed Unicode. A lone UTF-16
 * surrogate arrives in JSON bodies, query strings and socket frames; it is refused on its field
 * with the text message (400), never a 500, and nothing is written.
 */
let server: TestServer;
let shop: TestCompany;
let staff: string;
beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '유니코드', 0);
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
});
afterAll(async () => {
  await server?.close();
});

const refusal = (field: string) => ({ code: 400, message: MSG.textInvalid, field });
const stockOf = async (id: number) =>
  (await server.db.select({ n: products.hasAmount }).from(products).where(eq(products.id, id)))[0]!.n;
const auditCount = async (target: string) =>
  Number(
    (await queryRows<{ n: string }>(server.db, sql`select count(*) as n from admin_audit where target = ${target}`))[0]!
      .n,
  );

describe('JSON bodies', () => {
  it.each([
    ['a high surrogate before a letter', '\ud800x'],
    ['a lone low surrogate at the end', '재고\udfff'],
    ['two high surrogates', '\ud83d\ud83d'],
  ])('api/admin/changeStock with %s in reason: 400 on reason, stock and audit unchanged', async (_what, reason) => {
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, stock: 5 });
    const res = await call(server, 'adminChangeStock', { seq: p.id, delta: -2, reason }, { token: staff });
    expect([res.status, res.body]).toEqual([400, refusal('reason')]);
    expect(await stockOf(p.id)).toBe(5);
    expect(await auditCount(`product:${p.id}`)).toBe(0);
  });

  it('a proper pair (an emoji) passes: the same call with a well-formed reason is made', async () => {
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, stock: 5 });
    const res = await call(server, 'adminChangeStock', { seq: p.id, delta: -2, reason: '파손 😀' }, { token: staff });
    expect(res.body.code).toBe(201);
    expect(await stockOf(p.id)).toBe(3);
  });

  it('a nested field and an object key are named by their path', async () => {
    const member = await loginAs(server, shop.main.id, shop.main.pw);
    const nested = await call(
      server,
      'POST',
      'api/getMallOrderInfo',
      { startDate: '2026-01-01', endDate: '2026-01-02', searchType: 'date\ud800', page: 1, size: 15 },
      member,
    );
    expect([nested.status, nested.body]).toEqual([400, refusal('searchType')]);
    const key = await rawCall(server, 'POST', 'api/login', {
      body: '{"id":"a@b.kr","pw":"abcd","\\udc00":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect([key.status, key.body]).toEqual([400, refusal('\udc00')]);
  });
});

describe('query strings', () => {
  it.each([
    ['percent-encoded surrogate bytes', 'license=%ED%A0%80'],
    ['a %u escape', 'license=%uD800'],
    ['a broken escape', 'license=%E0%A4%A'],
  ])('api/checkLicense with %s: a 400 refusal, never a 500', async (_what, query) => {
    const res = await rawCall(server, 'GET', `api/checkLicense?${query}`);
    expect(res.status).toBe(400);
    // Body code 499, not the 400 of a member's number (docs/requirements.md#join).
    expect(res.body?.code).toBe(499);
  });
});

describe('socket payloads', () => {
  it('chat userMessage with a lone surrogate: 400 on sendMessage, nothing stored', async () => {
    const c = await newCustomer(server, '서로게이트');
    const socket = await openChat(server, c.token);
    try {
      const answer = await ack<ChatAck>(socket, 'userMessage', { sendMessage: '안녕\ud800하세요' });
      expect(answer).toEqual(refusal('sendMessage'));
      expect(await server.db.select().from(chatMessages).where(eq(chatMessages.senderId, c.seq))).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('trade addToCart with a lone surrogate in vin: addToCartCallBack 400 on vin, cart unchanged', async () => {
    const member = await loginAs(server, shop.main.id, shop.main.pw);
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, stock: 5 });
    const socket = tradeSocket(server, member);
    try {
      const info = nextEvent(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      await info;
      const answer = nextEvent(socket, 'addToCartCallBack');
      socket.emit('addToCart', { productId: p.id, hasAmount: 1, vin: 'WBA\udc00' });
      expect(await answer).toEqual({ code: 400, message: MSG.textInvalid, field: 'vin' });
      expect(await server.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
