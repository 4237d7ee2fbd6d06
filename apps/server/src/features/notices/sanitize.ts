import sanitizeHtml from 'sanitize-html';

/**
 * The schemes a notice's picture may have: those the pages' img-src loads from another host
 * (docs/security.md#headers). An http picture is refused by the browser there, so it was stored as a
 * picture yet showed nothing; its address is taken off, as any other the page could not show.
 */
export const NOTICE_IMAGE_SCHEMES = ['https'];

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
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}
