-- An editor's save no longer writes the text's trigrams into the search index: it marks the file
-- (search_stale_since), searches test such files one by one, and a job brings them into the index
-- in the background (decision 0029). The index is rebuilt with the new condition.
DROP INDEX "files_content_trigram_idx";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "search_stale_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "files_search_stale_idx" ON "files" USING btree ("project_id") WHERE "files"."search_stale_since" is not null;--> statement-breakpoint
CREATE INDEX "files_content_trigram_idx" ON "files" USING gin ("project_id","content" gin_trgm_ops) WHERE octet_length("files"."content") <= 262144 and "files"."search_stale_since" is null;