import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { securityHeaders, securityHeaderValues } from '../../shared/security-headers.js';
import { NOTICE_IMAGE_SCHEMES, sanitizeNoticeHtml, unservedPictures } from './sanitize.js';

/**
 * A notice's picture is kept only where the page may show it: the Content-Security-Policy's img-src
 * (docs/security.md#headers). A picture the browser refuses, saved as if it showed, made a notice
 * that looked blank to every reader (docs/requirements.md#entities, Notice).
 */
const imgSrc = () => {
  const csp = securityHeaderValues(securityHeaders(loadConfig({ PUBLIC_URL: 'http://localhost:3000' })))[
    'content-security-policy'
  ]!;
  return csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'img-src')!
    .slice(1);
};

describe('notice pictures and the img-src of the pages', () => {
  it('every scheme the sanitiser keeps a picture for is one the img-src loads', () => {
    expect(NOTICE_IMAGE_SCHEMES).toEqual(['https']);
    for (const scheme of NOTICE_IMAGE_SCHEMES) expect(imgSrc()).toContain(`${scheme}:`);
    expect(imgSrc()).not.toContain('http:');
  });

  it('keeps an https picture and one of the shop itself', () => {
    expect(sanitizeNoticeHtml('<p><img src="https://cdn.partsmall.kr/a.png" alt="안내"></p>')).toBe(
      '<p><img src="https://cdn.partsmall.kr/a.png" alt="안내" /></p>',
    );
    expect(sanitizeNoticeHtml('<img src="/uploads/notice/a.png">')).toBe('<img src="/uploads/notice/a.png" />');
  });

  it('reads a relative picture address from the shop root: the notice shows at /notice/12, /noticem/12 and /', () => {
    expect(sanitizeNoticeHtml('<img src="uploads/notice/a.png" alt="안내">')).toBe(
      '<img src="/uploads/notice/a.png" alt="안내" />',
    );
    expect(sanitizeNoticeHtml('<p><img src="./uploads/a.png?v=2"><img src="../uploads/b.png"></p>')).toBe(
      '<p><img src="/uploads/a.png?v=2" /><img src="/uploads/b.png" /></p>',
    );
    expect(sanitizeNoticeHtml('<img src="/uploads/notice/../c.png">')).toBe('<img src="/uploads/c.png" />');
    expect(sanitizeNoticeHtml('<img src="https://cdn.partsmall.kr/../a.png">')).toBe(
      '<img src="https://cdn.partsmall.kr/../a.png" />',
    );
  });

  it('names the shop pictures the server does not serve: only /uploads/ holds files', () => {
    const html = sanitizeNoticeHtml(
      '<img src="data/editor/a.jpg"><img src="/uploads/b.png"><img src="https://cdn.partsmall.kr/c.png"><img src="/d.gif">',
    );
    expect(unservedPictures(html)).toEqual(['/data/editor/a.jpg', '/d.gif']);
  });

  it('takes the address off an http picture, which the page would not load', () => {
    expect(sanitizeNoticeHtml('<p>안내<img src="http://cdn.partsmall.kr/a.png"></p>')).toBe('<p>안내<img /></p>');
    expect(sanitizeNoticeHtml('<img src="HTTP://cdn.partsmall.kr/a.png">')).toBe('<img />');
  });

  it('leaves links as they were: an http link opens in its own tab, the policy does not apply', () => {
    expect(sanitizeNoticeHtml('<a href="http://www.partsmall.kr/guide">안내</a>')).toBe(
      '<a href="http://www.partsmall.kr/guide" rel="noopener noreferrer" target="_blank">안내</a>',
    );
  });
});
