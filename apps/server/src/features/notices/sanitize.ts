import sanitizeHtml from 'sanitize-html';

/**
 * The schemes a notice's picture may have: those the pages' img-src loads from another host
 * (docs/security.md#headers). An http picture is refused by the browser there, so it was stored as a
 * picture yet showed nothing; its address is taken off, as any other the page could not show.
 */
export const NOTICE_IMAGE_SCHEMES = ['https'];

/** Any origin stands for the shop's: only the path of an address read from it is kept. */
const SHOP = 'https://shop.invalid';

/**
 * A picture's address without a scheme read from the shop's root ('uploads/a.png' → '/uploads/a.png').
 * A notice shows at /notice/12, /noticem/12, in the home page's popup and in the back office, where a
 * path-relative address would name a different file on each page and none of them the picture. An
 * address with a scheme or another host (`//host/…`) is left for the allow-list to judge.
 */
function fromShopRoot(src: string | undefined): string | undefined {
  if (src === undefined || src.trim() === '' || /^\s*[a-z][a-z\d+.-]*:/i.test(src) || /^\s*[\\/]{2}/.test(src))
    return src;
  let url: URL;
  try {
    url = new URL(src, `${SHOP}/`);
  } catch {
    return src;
  }
  return url.origin === SHOP ? url.pathname + url.search + url.hash : src;
}

/** The one folder of files the server serves for pictures (app.ts `/uploads/`). */
const SERVED = '/uploads/';

/**
 * The shop's own picture addresses in sanitised notice HTML that name no file the server serves: any
 * outside /uploads/ gets the app's page, so the reader saw a broken picture (docs/security.md#notice-html).
 */
export function unservedPictures(html: string): string[] {
  return [...html.matchAll(/<img\s[^>]*?\bsrc="(\/[^"]*)"/g)]
    .map((m) => m[1]!)
    .filter((src) => !src.startsWith(SERVED));
}

/**
 * Notice HTML allow-list: text formatting, lists, tables, links and images only. Scripts, styles,
 * event handlers and javascript: urls never survive (docs/security.md#notice-html).
 */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'b',
      'strong',
      'i',
      'em',
      'u',
      's',
      'span',
      'div',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'blockquote',
      'hr',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: NOTICE_IMAGE_SCHEMES },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
      img: (tagName, attribs) => {
        const src = fromShopRoot(attribs.src);
        return { tagName, attribs: src === undefined ? attribs : { ...attribs, src } };
      },
    },
  });
}
