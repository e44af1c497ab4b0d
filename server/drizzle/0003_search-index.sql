-- Search in files asks this index which files may hold a phrase (modules/files/candidates.ts).
-- pg_trgm indexes a text's trigrams; btree_gin lets the same GIN index hold project_id, so a
-- lookup stays inside one project. Both ship with PostgreSQL's contrib and are trusted
-- extensions: the database's owner can create them. PGlite loads them at start (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "files_content_trigram_idx" ON "files" USING gin ("project_id","content" gin_trgm_ops) WHERE octet_length("files"."content") <= 262144;
