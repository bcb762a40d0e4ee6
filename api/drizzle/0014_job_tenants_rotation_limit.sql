DROP INDEX "jobs_due_idx";--> statement-breakpoint
ALTER TABLE "buckets" ADD COLUMN "recent_rotations" timestamp with time zone[];--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "tenant" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("priority","run_at") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_running_tenant_idx" ON "jobs" USING btree ("tenant") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_queued_tenant_kind_idx" ON "jobs" USING btree ("tenant","kind") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
-- Added by hand: live bucket jobs get their organization as tenant, and rotation work (a key's
-- expiry, a rotation's saga) the security priority, as the code now enqueues them.
UPDATE "jobs" SET "tenant" = "buckets"."organization_id" FROM "buckets"
  WHERE "jobs"."state" in ('queued', 'running') AND "jobs"."kind" = 'bucket.saga' AND "jobs"."key" = "buckets"."id"::text;--> statement-breakpoint
UPDATE "jobs" SET "tenant" = "buckets"."organization_id", "priority" = 0 FROM "buckets"
  WHERE "jobs"."state" in ('queued', 'running') AND "jobs"."kind" = 'bucket.expire_credentials'
    AND "jobs"."payload"->>'bucket' = "buckets"."id"::text;--> statement-breakpoint
UPDATE "jobs" SET "priority" = 0
  WHERE "jobs"."state" in ('queued', 'running') AND "jobs"."kind" = 'bucket.saga'
    AND "jobs"."payload"->>'op' in ('rotate', 'rotate_abort');
