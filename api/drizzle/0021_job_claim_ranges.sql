DROP INDEX "jobs_queued_tenant_kind_idx";--> statement-breakpoint
DROP INDEX "jobs_claim_idx";--> statement-breakpoint
CREATE INDEX "jobs_queued_tenant_idx" ON "jobs" USING btree ("tenant","run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("priority","run_at","id") WHERE "jobs"."state" = 'queued';