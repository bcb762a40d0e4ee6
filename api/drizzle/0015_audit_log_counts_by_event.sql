-- Written by hand (drizzle-kit orders these steps so that existing rows would break them, and does
-- not manage triggers): the counts are kept per organization and event, so pages filtered by an
-- event, or with events left out (the web UI hides key use), count with a sum of a few rows.
-- No entry may be written until the backfill below commits (the migration is one transaction).
LOCK TABLE "audit_log" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DELETE FROM "audit_log_counts";
--> statement-breakpoint
ALTER TABLE "audit_log_counts" DROP CONSTRAINT "audit_log_counts_organization_id_shard_pk";
--> statement-breakpoint
ALTER TABLE "audit_log_counts" ADD COLUMN "event" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log_counts" ADD CONSTRAINT "audit_log_counts_organization_id_event_shard_pk" PRIMARY KEY("organization_id","event","shard");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_log_counts" ("organization_id", "event", "shard", "entries")
    SELECT coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid), "event", pg_backend_pid() % 16, count(*)
    FROM "inserted" GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("organization_id", "event", "shard") DO UPDATE SET "entries" = "audit_log_counts"."entries" + excluded."entries";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_log_counts" ("organization_id", "event", "shard", "entries")
    SELECT coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid), "event", pg_backend_pid() % 16, -count(*)
    FROM "deleted" GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("organization_id", "event", "shard") DO UPDATE SET "entries" = "audit_log_counts"."entries" + excluded."entries";
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "audit_log_counts" ("organization_id", "event", "shard", "entries")
  SELECT coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid), "event", 0, count(*)
  FROM "audit_log" GROUP BY 1, 2;
