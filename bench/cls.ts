import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startTestServer } from '../apps/server/test/helpers.js';
import { layoutShiftOf, recordLayoutShifts } from '../e2e/cls.js';
import { openLeg, prepareTour, tour, visitStop } from '../e2e/tour.js';
import { adminUrl, ROOT } from './lib.js';

/**
 * `npm run bench -- cls`: the Cumulative Layout Shift of every screen of the tour (e2e/tour.ts:
 * visitor, member and staff, desktop 1280x800 and iPhone 13) in Debian's Chromium, from the
 * browser's own 'layout-shift' entries (e2e/cls.ts), on the built app and the demo shop (demo
 * mode, so with its banner) on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
 * local one). A screen reached by a click (a dialog, a deeper catalogue panel) adds its shifts to
 * the page it opened in; shifts right after the click are the user's own and do not count.
 * The app is built as `npm start` builds it (scripts/build-web.mjs --if-changed: only when its sources
 * changed, so the browser tests' check of dist still holds afterwards); CLS_LEGS=visitor-desktop,member-phone measures
 * only those legs. Every shift of a screen at or over the target is listed under the table. The target is under 0.05 everywhere
 * (Lighthouse's 'good' is 0.1).
 */
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET = 0.05;

export async function run() {
  const build = spawnSync(process.execPath, ['scripts/build-web.mjs', '--if-changed'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('scripts/build-web.mjs failed');
  process.env.TEST_DATABASE_URL ??= adminUrl();
  const server = await startTestServer({ webDist: path.join(ROOT, 'apps/web/dist') });
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows: { leg: string; screen: string; cls: number; moved: string; all: string[] }[] = [];
  const legs = process.env.CLS_LEGS?.split(',');
  try {
    const data = await prepareTour(server);
    for (const leg of tour(data)) {
      if (legs && !legs.includes(`${leg.role}-${leg.device}`)) continue;
      const opened = await openLeg(browser, server.base, leg, recordLayoutShifts);
      let page = opened.page;
      for (const stop of leg.stops) {
        page = await visitStop(page, server.base, stop);
        const { cls, shifts } = await layoutShiftOf(page);
        const worst = [...shifts].sort((a, b) => b.value - a.value)[0];
        rows.push({
          leg: `${leg.role} ${leg.device}`,
          screen: `${stop.name}${stop.path ? ` (${stop.path})` : ''}`,
          cls,
          moved: worst ? `${worst.value.toFixed(3)} at ${worst.at} ms: ${worst.moved.join(', ')}` : '',
          all: shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.moved.join(', ')}`),
        });
      }
      await opened.context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`\n| leg | screen | CLS | largest shift |\n| --- | --- | ---: | --- |`);
  for (const r of rows)
    console.log(`| ${r.leg} | ${r.screen} | ${r.cls.toFixed(3)}${r.cls >= TARGET ? ' ✗' : ''} | ${r.moved} |`);
  const over = rows.filter((r) => r.cls >= TARGET);
  for (const r of over) console.log(`\n${r.leg} · ${r.screen}:\n  ${r.all.join('\n  ')}`);
  const worst = rows.reduce((a, b) => (b.cls > a.cls ? b : a));
  console.log(
    `\n${rows.length} screens; largest CLS ${worst.cls.toFixed(3)} (${worst.leg} · ${worst.screen}); ${over.length} at or over ${TARGET}`,
  );
}
