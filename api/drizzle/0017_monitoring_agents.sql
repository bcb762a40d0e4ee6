CREATE TYPE "public"."agent_health" AS ENUM('healthy', 'degraded', 'unhealthy', 'critical');--> statement-breakpoint
CREATE TYPE "public"."check_kind" AS ENUM('http', 'tcp', 'dns');--> statement-breakpoint
CREATE TABLE "agent_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"display_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"health" "agent_health",
	"version" text,
	"uptime_seconds" integer,
	"last_report_at" timestamp with time zone,
	"report" jsonb,
	"last_errors_at" timestamp with time zone,
	"errors" jsonb
);
--> statement-breakpoint
CREATE TABLE "check_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "check_kind" NOT NULL,
	"target" text NOT NULL,
	"settings" jsonb NOT NULL,
	"frequency_seconds" integer NOT NULL,
	"timeout_ms" integer NOT NULL,
	"locations" text[] NOT NULL,
	"labels" jsonb NOT NULL,
	"annotations" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_results" (
	"id" uuid PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"success" boolean NOT NULL,
	"duration_ms" real NOT NULL,
	"status_code" smallint,
	"error_category" text,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "agent_tokens" ADD CONSTRAINT "agent_tokens_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_endpoints" ADD CONSTRAINT "check_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_endpoints" ADD CONSTRAINT "check_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_tokens_hash" ON "agent_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "agent_tokens_agent" ON "agent_tokens" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_organization_name" ON "agents" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "agents_workspace" ON "agents" USING btree ("workspace_id") WHERE "agents"."workspace_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "check_endpoints_workspace_name" ON "check_endpoints" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "check_endpoints_organization" ON "check_endpoints" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "check_results_endpoint_time" ON "check_results" USING btree ("endpoint_id","checked_at");--> statement-breakpoint
CREATE INDEX "check_results_received" ON "check_results" USING brin ("received_at");