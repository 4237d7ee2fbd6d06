import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveMallConfig } from '../../src/features/mall/index.js';
import { MALL_CONFIG } from '../../src/seed/mall-config.js';
import { call, rawCall, type TestServer } from '../helpers.js';
import type { TossStandIn, TossStandInPayment } from '../stand-ins.js';
import { startTossTopUps, successPath, type TossTopUps } from '../toss-server.js';

/**
 * A top-up's virtual account at Toss (docs/requirements.md#payments): the 예금주 shown is the shop's
 * own name from its settings, never the buyer's (Toss's `virtualAccount.customerName` names the
 * customer who had the account issued); a transfer whose due time has passed is no longer listed
 * as waiting, as the sandbox's is not.
 */
const SECRET_KEY = 'test_sk_transfer_accounts';
const SHOP = '(주)예금주상사';
const BUYER = '한빛수입차부품';
const HOUR = 3600_000;

let shop: TossTopUps;
let toss: TossStandIn;
let server: TestServer;

beforeAll(async () => {
  shop = await startTossTopUps(SECRET_KEY, { TOSS_TIMEOUT_MS: '1000' });
  ({ toss, server } = shop);
  await saveMallConfig(server.db, { ...MALL_CONFIG, mallBottom: { ...MALL_CONFIG.mallBottom, companyName: SHOP } });
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A Seoul wall-clock time as Toss writes its dates: 2026-11-25T23:59:59+09:00. */
const seoul = (ms: number) => `${new Date(ms + 9 * HOUR).toISOString().slice(0, 19)}+09:00`;

/** A virtual-account top-up whose account Toss issued, due at `dueMs`, its success page read. */
async function issued(
  amount: number,
  dueMs: number,
): Promise<{ paymentId: string; p: TossStandInPayment; page: string }> {
  const { paymentId } = await shop.open(amount, 'banktransfer');
  const p = toss.authorise(paymentId, amount, '가상계좌');
  p.virtualAccount!.dueDate = seoul(dueMs);
  const page = await rawCall(server, 'GET', successPath(p, amount));
  expect(page.status).toBe(200);
  return { paymentId, p, page: page.text };
}

const pending = async () => (await call(server, 'mallPendingTransfers', {}, { token: shop.demo })).body.results!;

describe("a Toss top-up's virtual account", () => {
  it("names the shop as 예금주 on the deposit page and in the pending list, never the buyer's name", async () => {
    const { paymentId, p, page } = await issued(71_000, Date.now() + 72 * HOUR);
    expect(p.virtualAccount!.customerName).toBe(BUYER);
    expect(page).toContain('56211802314051');
    expect(page).toContain(`<dt>예금주</dt><dd>${SHOP}</dd>`);
    expect(page).not.toContain(BUYER);
    const listed = (await pending()).find((t) => t.paymentId === paymentId);
    expect(listed).toMatchObject({ account: '56211802314051', holder: SHOP, amount: 71_000 });
  });

  it('is no longer listed as waiting once its due time has passed (the app clock moved past it)', async () => {
    const due = Date.now() + HOUR;
    const { paymentId } = await issued(72_000, due);
    expect((await pending()).map((t) => t.paymentId)).toContain(paymentId);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due + 60_000);
    expect((await pending()).map((t) => t.paymentId)).not.toContain(paymentId);
    // Nothing was paid: the top-up itself is left as it was.
    expect(await shop.status(paymentId)).toBe('pending');
  });

  it('one issued with a due time already past is not listed at all', async () => {
    const { paymentId } = await issued(73_000, Date.now() - 60_000);
    expect((await pending()).map((t) => t.paymentId)).not.toContain(paymentId);
  });
});
