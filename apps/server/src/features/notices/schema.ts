/** Notices, usage guides and FAQs. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/columns.js';

/**
 * A run of white space in a notice's text, as one pattern for PostgreSQL's regular expressions and
 * JavaScript's: the ASCII blanks, the no-break space (`&nbsp;`, kept as its character by the
 * sanitiser) and the ideographic space.
 */
export const NOTICE_BLANKS = '[\\t\\n\\v\\f\\r \\u00a0\\u3000]+';

/** The elements whose edges a reader sees as a break between words (a paragraph, a list item, a cell). */
const BLOCKS = 'p|br|div|h[1-6]|ul|ol|li|blockquote|hr|table|thead|tbody|tr|th|td';

/**
 * What a reader sees of `content` (docs/requirements.md#entities, Notice): the tags dropped, a
 * block's edge as a space ('<td>가나</td><td>다라</td>' is '가나 다라', '<b>보안</b>번호' is
 * '보안번호'), the entities the sanitiser writes as their characters (`&amp;` last, so '&amp;gt;'
 * stays '&gt;'), white space as one space. In sanitised HTML every other '<' and '>' is written as
 * an entity, so '<[^>]*>' is exactly a tag.
 */
const contentText = sql.raw(
  `btrim(regexp_replace(` +
    `replace(replace(replace(replace(replace(replace(` +
    `regexp_replace(regexp_replace(content, '</?(${BLOCKS})(\\s[^>]*)?/?>', ' ', 'gi'), '<[^>]*>', '', 'g'), ` +
    `'&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), ` +
    `'${NOTICE_BLANKS}', ' ', 'g'))`,
);

export const notices = pgTable(
  'notices',
  {
    id: serialId(),
    /** 0 notice, 2 usage guide, 3 FAQ. */
    type: integer('type').notNull().default(0),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    /** The text a reader sees of the content, which the notice search reads (generated). */
    contentText: text('content_text').notNull().generatedAlwaysAs(contentText),
    /** Shown in the home notice popup. */
    popup: boolean('popup').notNull().default(false),
    /** Unpublished notices are kept for the back office and hidden from the shop. */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('notices_type_created').on(t.type, t.createdAt)],
);
