CREATE TABLE "audit_log_counts" (
	"organization_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"entries" bigint NOT NULL,
	CONSTRAINT "audit_log_counts_organization_id_shard_pk" PRIMARY KEY("organization_id","shard")
);
--> statement-breakpoint
-- Added by hand (drizzle-kit does not manage triggers): the counts follow every insert, delete and
-- truncate of audit_log in the writer's own transaction, so a rolled-back entry is never counted.
-- Each connection adds to its own shard row (its backend PID modulo 16): concurrent writers seldom
-- wait on one row, and rows are locked in organization order within a statement.
CREATE FUNCTION "audit_log_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_log_counts" ("organization_id", "shard", "entries")
    SELECT coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid), pg_backend_pid() % 16, count(*)
    FROM "inserted" GROUP BY 1 ORDER BY 1
  ON CONFLICT ("organization_id", "shard") DO UPDATE SET "entries" = "audit_log_counts"."entries" + excluded."entries";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "audit_log_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_log_counts" ("organization_id", "shard", "entries")
    SELECT coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid), pg_backend_pid() % 16, -count(*)
    FROM "deleted" GROUP BY 1 ORDER BY 1
  ON CONFLICT ("organization_id", "shard") DO UPDATE SET "entries" = "audit_log_counts"."entries" + excluded."entries";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "audit_log_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "audit_log_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No entry may be written between the triggers' creation and the backfill below (the migration
-- is one transaction; this lock holds off other replicas' writes until it commits).
LOCK TABLE "audit_log" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "audit_log_count_inserted" AFTER INSERT ON "audit_log"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_count_deleted" AFTER DELETE ON "audit_log"
  REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_count_deleted"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_count_truncated" AFTER TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_count_truncated"();
--> statement-breakpoint
INSERT INTO "audit_log_counts" ("organization_id", "shard", "entries")
  SELECT coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid), 0, count(*)
  FROM "audit_log" GROUP BY 1;
