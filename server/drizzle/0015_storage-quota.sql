ALTER TABLE "projects" ADD COLUMN "storage_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "storage_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What each project holds now: the running totals start from the truth.
UPDATE "projects" SET "storage_bytes" = "totals"."bytes", "storage_entries" = "totals"."entries"
FROM (
  SELECT "project_id", coalesce(sum("size"), 0)::bigint AS "bytes", count(*)::integer AS "entries"
  FROM "files" GROUP BY "project_id"
) AS "totals"
WHERE "projects"."id" = "totals"."project_id";--> statement-breakpoint
-- From now on every statement that writes files moves its projects' totals by what it changed:
-- one UPDATE per statement and project (not per row), whoever writes, cascades included. The
-- file service enforces the quota against these (server/src/modules/projects/storage-quota.ts).
CREATE FUNCTION "files_count_storage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "projects" SET
      "storage_bytes" = "projects"."storage_bytes" + "changes"."bytes",
      "storage_entries" = "projects"."storage_entries" + "changes"."entries"
    FROM (
      SELECT "project_id", sum("size")::bigint AS "bytes", count(*)::integer AS "entries"
      FROM "new_rows" GROUP BY "project_id"
    ) AS "changes"
    WHERE "projects"."id" = "changes"."project_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "projects" SET
      "storage_bytes" = "projects"."storage_bytes" - "changes"."bytes",
      "storage_entries" = "projects"."storage_entries" - "changes"."entries"
    FROM (
      SELECT "project_id", sum("size")::bigint AS "bytes", count(*)::integer AS "entries"
      FROM "old_rows" GROUP BY "project_id"
    ) AS "changes"
    WHERE "projects"."id" = "changes"."project_id";
  ELSE
    -- A rename or a same-size save changes nothing here, and leaves the project's row alone.
    UPDATE "projects" SET
      "storage_bytes" = "projects"."storage_bytes" + "changes"."bytes",
      "storage_entries" = "projects"."storage_entries" + "changes"."entries"
    FROM (
      SELECT "project_id", sum("bytes")::bigint AS "bytes", sum("entries")::integer AS "entries"
      FROM (
        SELECT "project_id", "size"::bigint AS "bytes", 1 AS "entries" FROM "new_rows"
        UNION ALL
        SELECT "project_id", -"size"::bigint, -1 FROM "old_rows"
      ) AS "moves"
      GROUP BY "project_id"
      HAVING sum("bytes") <> 0 OR sum("entries") <> 0
    ) AS "changes"
    WHERE "projects"."id" = "changes"."project_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "files_count_storage_insert" AFTER INSERT ON "files"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "files_count_storage"();--> statement-breakpoint
CREATE TRIGGER "files_count_storage_update" AFTER UPDATE ON "files"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "files_count_storage"();--> statement-breakpoint
CREATE TRIGGER "files_count_storage_delete" AFTER DELETE ON "files"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "files_count_storage"();
