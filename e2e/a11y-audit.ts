import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { cspViolations, watchCsp } from './csp-watch.js';
import { startShop, watchConsole } from './helpers.js';
import { layoutFindings } from './layout-checks.js';
import { LEGS, openLeg, prepareTour, tour, visitStop, type TourData } from './tour.js';

/**
 * Accessibility (docs/requirements.md#look-and-language): axe-core (WCAG 2.1 A/AA and its best practices) on every
 * screen of the tour — visitor, member and staff, desktop and phone, with the dialogs open — finds
 * no critical or serious violation, and no content outside a landmark. The same walk finds no CSP
 * violation (docs/security.md#headers), nothing written to the console, and no layout fault
 * (e2e/layout-checks.ts: text too small to read; on a phone, a page or a column header that does not fit). The legs are audited in two
 * files (a11y.test.ts: the visitor's; a11y-signed-in.test.ts: the member's and the staff's) so that
 * the run's browser workers share them (docs/operations.md#tests).
 */

/** Impacts that fail the audit; 'region' (content outside every landmark) fails too, though axe calls it moderate. */
const FAILING = new Set(['critical', 'serious']);

type Leg = (typeof LEGS)[number];

/**
 * Which file audits which legs (each file's browser worker takes about the same time): together,
 * every leg of the tour, which `auditLegs` checks.
 */
const AUDITS = {
  visitor: [
    { role: 'visitor', device: 'desktop' },
    { role: 'visitor', device: 'phone' },
    { role: 'staff', device: 'phone' },
  ],
  'signed-in': [
    { role: 'member', device: 'desktop' },
    { role: 'member', device: 'phone' },
    { role: 'staff', device: 'desktop' },
  ],
} satisfies Record<string, Leg[]>;

/**
 * Registers this file's shop (started once, with the tour's data) and one audit test per leg of
 * its `report` in AUDITS; returns the shop for the file's other tests. Each file writes its findings to
 * screenshots/axe-report-<report>.json.
 */
export function auditLegs(report: keyof typeof AUDITS): () => Awaited<ReturnType<typeof startShop>> {
  const all: Leg[] = Object.values(AUDITS).flat();
  const left = LEGS.filter((l) => !all.some((a) => a.role === l.role && a.device === l.device));
  if (left.length > 0) throw new Error(`no file audits these legs of the tour: ${JSON.stringify(left)}`);
  const legs: Leg[] = AUDITS[report];
  let shop: Awaited<ReturnType<typeof startShop>>;
  let data: TourData;
  beforeAll(async () => {
    shop = await startShop();
    data = await prepareTour(shop.server);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const found: Record<string, unknown> = {};
  describe('axe-core on every screen of the tour: no critical or serious violation', () => {
    // One test per role and device: one context each, logged in once. A leg of 34 screens takes 45 s
    // alone and took 135 s beside the rest of a run on a slow two-core machine: 300 s, not the run's 90.
    it.each(legs)(
      '$role on $device',
      async ({ role, device }) => {
        const leg = tour(data).find((l) => l.role === role && l.device === device)!;
        const failing: string[] = [];
        const started = Date.now();
        // The same walk holds every screen to the CSP and to a quiet console (e2e/setup.ts checks it after the test).
        const opened = await openLeg(shop.browser, shop.server.base, leg, async (context) => {
          watchConsole(context);
          await watchCsp(context);
        });
        let page = opened.page;
        for (const stop of leg.stops) {
          const where = `${role} ${device} · ${stop.name}`;
          page = await visitStop(page, shop.server.base, stop);
          const violations = await axeViolations(page);
          found[where] = violations;
          for (const v of violations)
            if (FAILING.has(v.impact) || v.rule === 'region')
              failing.push(`${where}: ${v.rule} (${v.impact}) ${v.nodes.join(' | ')}`);
          for (const v of await cspViolations(page)) failing.push(`${where}: CSP ${v}`);
          // On a phone, 44 px touch targets in the back office as in the shop; the shop's measured
          // both ways, checkboxes' and radio buttons' targets included.
          failing.push(
            ...(await layoutFindings(page, where, {
              phone: device === 'phone',
              wholeTargets: role !== 'staff',
            })),
          );
        }
        await opened.context.close();
        fs.mkdirSync('screenshots', { recursive: true });
        fs.writeFileSync(`screenshots/axe-report-${report}.json`, JSON.stringify(found, null, 2));
        console.info(
          `axe, ${role} on ${device}: ${leg.stops.length} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        expect(failing).toEqual([]);
      },
      300_000,
    );
  });
  return () => shop;
}
