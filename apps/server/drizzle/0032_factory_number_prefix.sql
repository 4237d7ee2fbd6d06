-- The maker-less factory numbers are looked up by their start too ('HU816' finds MANN HU 816 X;
-- docs/search.md#one-box): pattern indexes, which serve equality as well, replace the plain ones.
DROP INDEX "products_factory_tail_key";--> statement-breakpoint
DROP INDEX "products_factory_bare_key";--> statement-breakpoint
CREATE INDEX "products_factory_tail_key" ON "products" USING btree ("factory_tail_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_factory_bare_key" ON "products" USING btree ("factory_bare_key" text_pattern_ops);