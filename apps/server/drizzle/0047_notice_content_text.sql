-- The text a reader sees of a notice (docs/requirements.md#entities, Notice), which the notice
-- search reads instead of the HTML: tags dropped (a block's edge as a space), the entities as their
-- characters, white space as one space. Generated, so existing notices get it here and every write
-- keeps it.
ALTER TABLE "notices" ADD COLUMN "content_text" text GENERATED ALWAYS AS (btrim(regexp_replace(replace(replace(replace(replace(replace(replace(regexp_replace(regexp_replace(content, '</?(p|br|div|h[1-6]|ul|ol|li|blockquote|hr|table|thead|tbody|tr|th|td)(\s[^>]*)?/?>', ' ', 'gi'), '<[^>]*>', '', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '[\t\n\v\f\r \u00a0\u3000]+', ' ', 'g'))) STORED NOT NULL;