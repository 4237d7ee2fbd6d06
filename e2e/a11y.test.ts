import fs from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, members, notices, products } from '../apps/server/src/db/schema.js';
import { insertOrder } from '../apps/server/test/order-helpers.js';
import { axeViolations } from './axe.js';
import { startShop } from './helpers.js';
import { DEMO_MEMBER, LEGS, openLeg, tour, visitStop, type TourData } from './tour.js';

/**
 * Accessibility (issue 20 item 16): axe-core (WCAG 2.1 A/AA and its best practices) on every
 * screen of the tour — visitor, member and staff, desktop and phone, with the dialogs open — finds
 * no critical or serious violation, and no content outside a landmark.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
let data: TourData;
beforeAll(async () => {
  shop = await startShop();
  const db = shop.server.db;
  const [notice] = await db.select({ id: notices.id }).from(notices).where(eq(notices.popup, true)).orderBy(asc(notices.id)).limit(1);
  const items = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(2);
  const [demo] = await db.select().from(members).where(eq(members.loginId, DEMO_MEMBER.id));
  // Two lines in the cart so that the cart and the checkout have something to show.
  await db.delete(cartItems).where(and(eq(cartItems.memberId, demo!.id)));
  for (const p of items) await db.insert(cartItems).values({ memberId: demo!.id, companyId: demo!.companyId!, productId: p.id, qty: 1 });
  const orderSeq = await insertOrder(shop.server, { companyId: demo!.companyId!, memberId: demo!.id, status: 1, productId: items[0]!.id });
  data = { noticeSeq: notice!.id, productSeq: items[0]!.id, orderSeq };
});
afterAll(async () => {
  await shop?.close();
});

/** Impacts that fail the audit; 'region' (content outside every landmark) fails too, though axe calls it moderate. */
const FAILING = new Set(['critical', 'serious']);

const report: Record<string, unknown> = {};

describe('axe-core on every screen of the tour: no critical or serious violation', () => {
  // One test per role and device: one context each, logged in once.
  it.each(LEGS)('$role on $device', async ({ role, device }) => {
    const leg = tour(data).find((l) => l.role === role && l.device === device)!;
    const found: string[] = [];
    const started = Date.now();
    const opened = await openLeg(shop.browser, shop.server.base, leg);
    let page = opened.page;
    for (const stop of leg.stops) {
      const where = `${role} ${device} · ${stop.name}`;
      page = await visitStop(page, shop.server.base, stop);
      const violations = await axeViolations(page);
      report[where] = violations;
      for (const v of violations) if (FAILING.has(v.impact) || v.rule === 'region') found.push(`${where}: ${v.rule} (${v.impact}) ${v.nodes.join(' | ')}`);
    }
    await opened.context.close();
    fs.mkdirSync('screenshots', { recursive: true });
    fs.writeFileSync('screenshots/axe-report.json', JSON.stringify(report, null, 2));
    console.info(`axe, ${role} on ${device}: ${leg.stops.length} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(found).toEqual([]);
  });
});
