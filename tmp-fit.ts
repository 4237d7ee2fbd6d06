import path from 'node:path';
import { chromium } from 'playwright-core';
import { startTestServer } from './apps/server/test/helpers.js';
import { LEGS, openLeg, prepareTour, tour, visitStop } from './e2e/tour.js';

const server = await startTestServer({ webDist: path.resolve('apps/web/dist') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const data = await prepareTour(server);
const only = process.argv[2];
for (const leg of tour(data)) {
  if (only && `${leg.role}-${leg.device}` !== only) continue;
  const { context, page: first } = await openLeg(browser, server.base, leg);
  let page = first;
  for (const stop of leg.stops) {
    try {
      page = await visitStop(page, server.base, stop);
      const m = (await page.evaluate(`({
        over: document.documentElement.scrollHeight - innerHeight,
        wide: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cells: [...document.querySelectorAll('td, th, button, label, h1, h2, h3, a, .badge')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow === 'visible' && e.clientWidth > 0).map((e) => e.tagName + ':' + (e.textContent || '').trim().slice(0, 20)),
        banner: document.querySelector('.demo-banner')?.getBoundingClientRect().height ?? 0,
        h: innerHeight,
      })`)) as { over: number; wide: number; cells: string[]; banner: number; h: number };
      const name = `${leg.role}-${leg.device}-${stop.name}`.replace(/[^\w가-힣-]+/g, '_');
      if (process.env.WIDE) { console.log(`wide=${m.wide} cells=${m.cells.length} ${name} ${m.cells.slice(0, 6).join(' | ')}`); } else console.log(`${m.over > 0 && m.over <= m.banner + 2 ? 'BANNER' : m.over > 0 ? 'long  ' : 'fits  '} over=${m.over} banner=${m.banner} ${name}`);
      if (process.env.SHOTS) await page.screenshot({ path: `/tmp/shots/${name}.png` });
    } catch (e) {
      console.log('ERR', stop.name, String(e).slice(0, 100));
    }
  }
  await context.close();
}
await browser.close();
await server.close();
