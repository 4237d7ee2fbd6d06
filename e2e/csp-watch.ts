import type { BrowserContext, Page } from 'playwright-core';

/**
 * Watching the Content-Security-Policy in Chromium (docs/security.md#headers): every page of a
 * context records the violations it sees (the axe audit's walk of the tour, e2e/a11y-audit.ts, and
 * e2e/csp.test.ts). For csp.test.ts the two outside embeds are stood in for (no network here) at
 * their real addresses, so the policy is tested against the hosts the app really uses: the Daum
 * postcode script and its search frame, the map's probe image and its embed frame.
 */

/** The postcode widget's script: embed() puts the widget's own search page in a frame, as the real one does. */
const POSTCODE_STUB = `window.daum = { Postcode: function () {
  this.embed = function (el) {
    var f = document.createElement('iframe');
    f.src = 'https://postcode.map.daum.net/search?region_name=&cpage=1';
    f.title = '우편번호 검색';
    f.style.width = '100%';
    f.style.height = '100%';
    el.appendChild(f);
  };
} };`;
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const COLLECT = `window.__csp = []; document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
});`;

/** Every page of the context records its CSP violations (read with cspViolations). */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(COLLECT);
}

/**
 * The embeds' hosts answer with stand-ins, so their frames load. Routing puts every request of the
 * context through the test (about half as slow again under load), so only the tests that show the
 * embeds at work ask for it; a frame that does not load is still checked against the policy.
 */
export async function standInForEmbeds(context: BrowserContext): Promise<void> {
  await context.route('https://t1.daumcdn.net/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: POSTCODE_STUB }),
  );
  await context.route('https://postcode.map.daum.net/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="ko"><meta charset="utf-8"><title>주소 검색</title><main><p>주소 검색</p></main>',
    }),
  );
  await context.route('https://maps.google.com/**', (route) =>
    route.request().url().includes('favicon')
      ? route.fulfill({ contentType: 'image/png', body: PIXEL })
      : route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><html lang="ko"><meta charset="utf-8"><title>지도</title><main><p>지도</p></main>',
        }),
  );
}

/** The violations the page saw since the last time it was asked (each is told once). */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp?.splice(0) ?? []);
}
