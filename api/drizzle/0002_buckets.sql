CREATE TYPE "public"."bucket_state" AS ENUM('provisioning', 'ready', 'deleting');--> statement-breakpoint
CREATE TABLE "buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"cluster" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"state" "bucket_state" DEFAULT 'provisioning' NOT NULL,
	"access_key_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"cors_allow_all" boolean DEFAULT false NOT NULL,
	"created_on_cluster" boolean,
	"owner_reference" jsonb,
	"usage_bytes" bigint,
	"usage_objects" bigint,
	"usage_updated_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buckets_cluster_name_key" ON "buckets" USING btree ("cluster","name");--> statement-breakpoint
CREATE INDEX "buckets_workspace_idx" ON "buckets" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "buckets_organization_idx" ON "buckets" USING btree ("organization_id");