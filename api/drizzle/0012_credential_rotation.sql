ALTER TABLE "buckets" ADD COLUMN "pending_access_key_id" text;--> statement-breakpoint
ALTER TABLE "buckets" ADD COLUMN "pending_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "buckets" ADD COLUMN "pending_grace_seconds" integer;--> statement-breakpoint
ALTER TABLE "buckets" ADD COLUMN "previous_access_key_id" text;--> statement-breakpoint
ALTER TABLE "buckets" ADD COLUMN "previous_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buckets" ADD COLUMN "credentials_rotated_at" timestamp with time zone;