ALTER TABLE "buckets" ADD COLUMN "created_for" jsonb;--> statement-breakpoint
ALTER TABLE "buckets" ADD COLUMN "adoptable_by" jsonb;