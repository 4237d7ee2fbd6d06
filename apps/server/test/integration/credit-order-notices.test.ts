import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNotice, type NotifySendJobData } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { fund, makeProduct, placeOrder } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';

/**
 * The 알림톡 of a seller cancel and an approved return (docs/requirements.md#notifications) say where
 * the money went: a 외상 order's amount comes off the receivables (docs/requirements.md#credit-checkout),
 * the cash balance does not change, so its message must not say it was given back as cash; a cash
 * order's still says so. Read from the `notify.send` job the move wrote, rendered as it is sent.
 */
let server: TestServer;
let t: CreditTokens;
let productId: number;

const pay = async (qty: number, payWith?: 'credit') => {
  const res = await placeOrder(server, t.main, [{ productId, qty }], { payWith });
  expect(res.body.code, res.body.message).toBe(201);
  return res.body.results!.orderSeq;
};
const move = async (seq: number, status: number, extra: Record<string, unknown> = {}) => {
  const res = await call(server, 'adminSetOrderStatus', { seq, status, ...extra }, { token: t.staff });
  expect(res.body.code, res.body.message).toBe(201);
};
/** Shipped, a return asked for change of mind (단순 변심: the goods back), and approved without a note. */
async function returned(seq: number) {
  await move(seq, 1);
  await move(seq, 2); // picked up (placeOrder's default): handed over, no carrier
  const asked = await call(server, 'returnMallOrder', { seq, returnReason: 1 }, { token: t.main });
  expect(asked.body.code, asked.body.message).toBe(201);
  await move(seq, 5);
}
/** The text of the order's notice of `event`, as the shop '파츠몰' sends it. */
async function noticeOf(seq: number, event: NotifySendJobData['event']) {
  const rows = await queryRows<{ data: NotifySendJobData }>(
    server.db,
    sql`select data from pgboss.job where name = 'notify.send' and singleton_key like ${`order:${seq}:event:%`}`,
  );
  const data = rows.map((r) => r.data).find((d) => d.event === event)!;
  return renderNotice(event, { shop: '파츠몰', ...data.values })
    .text.split('\n')
    .slice(2)
    .join('\n');
}

beforeAll(async () => {
  server = await startTestServer();
  let buyer;
  ({ buyer, tokens: t } = await creditBuyers(server, '외상알림'));
  await giveCredit(server, t.admin, buyer.companyId, { limit: 1_000_000 });
  await fund(server, buyer.companyId, 500_000);
  productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('a cancel or return notice says where the money went', () => {
  it('a seller cancel of a 외상 order: the amount came off the receivables, not cash', async () => {
    const seq = await pay(3, 'credit');
    await move(seq, 8);
    expect(await noticeOf(seq, 'sellerCancelled')).toBe(
      `주문번호: ${seq}\n차감금액: 30,000원\n\n주문 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다. 불편을 드려 죄송합니다.`,
    );
  });

  it('a seller cancel of a cash order: the refund went back to cash, as before', async () => {
    const seq = await pay(2);
    await move(seq, 8);
    expect(await noticeOf(seq, 'sellerCancelled')).toBe(
      `주문번호: ${seq}\n환불금액: 20,000원\n\n환불금액은 캐시로 돌려 드렸습니다. 불편을 드려 죄송합니다.`,
    );
  });

  it('an approved return of a 외상 order without a note: off the receivables; of a cash order: cash', async () => {
    const onCredit = await pay(4, 'credit');
    await returned(onCredit);
    expect(await noticeOf(onCredit, 'returnApproved')).toBe(
      `주문번호: ${onCredit}\n안내: 반품 금액 40,000원은 청구하지 않으며, 외상 미수금에서 차감되었습니다.`,
    );
    const inCash = await pay(1);
    await returned(inCash);
    expect(await noticeOf(inCash, 'returnApproved')).toBe(
      `주문번호: ${inCash}\n안내: 환불금액 10,000원을 캐시로 돌려 드렸습니다.`,
    );
  });
});
