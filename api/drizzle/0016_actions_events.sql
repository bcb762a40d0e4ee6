CREATE TYPE "public"."run_by" AS ENUM('server', 'client');--> statement-breakpoint
CREATE TYPE "public"."run_status" AS ENUM('created', 'running', 'stopped', 'failed', 'killed');--> statement-breakpoint
CREATE TYPE "public"."delivery_state" AS ENUM('pending', 'delivered', 'failed', 'disabled');--> statement-breakpoint
CREATE TYPE "public"."event_level" AS ENUM('Info', 'Warning', 'Error');--> statement-breakpoint
CREATE TABLE "action_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"block" text NOT NULL,
	"action" text NOT NULL,
	"workflow" text,
	"workflow_run" uuid,
	"step" integer,
	"command" text NOT NULL,
	"client_version" text,
	"run_by" "run_by" NOT NULL,
	"runner" text,
	"image" text NOT NULL,
	"spec" jsonb NOT NULL,
	"user_id" uuid,
	"api_key_id" uuid,
	"user_email" text,
	"user_name" text,
	"status" "run_status" DEFAULT 'created' NOT NULL,
	"exit_code" integer,
	"reason" text,
	"snapshot" jsonb NOT NULL,
	"snapshot_id" text NOT NULL,
	"deadline_seconds" integer NOT NULL,
	"keep_output" boolean NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"output_truncated" boolean DEFAULT false NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"excerpt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"handler" text NOT NULL,
	"kind" text NOT NULL,
	"config" jsonb NOT NULL,
	"state" "delivery_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_handlers" (
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"secret" text,
	"previous_secret" text,
	"previous_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_handlers_workspace_id_name_pk" PRIMARY KEY("workspace_id","name")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"level" "event_level" NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_event_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."event_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_handlers" ADD CONSTRAINT "event_handlers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_run_id_action_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."action_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_runs_workspace_created_idx" ON "action_runs" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "action_runs_workflow_run_idx" ON "action_runs" USING btree ("workflow_run") WHERE "action_runs"."workflow_run" is not null;--> statement-breakpoint
CREATE INDEX "action_runs_open_idx" ON "action_runs" USING btree ("created_at") WHERE "action_runs"."status" in ('created', 'running');--> statement-breakpoint
CREATE INDEX "action_runs_output_drop_idx" ON "action_runs" USING btree ("finished_at") WHERE "action_runs"."keep_output" = false and "action_runs"."output" <> '';--> statement-breakpoint
CREATE INDEX "delivery_attempts_delivery_idx" ON "delivery_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "event_deliveries_event_idx" ON "event_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_workspace_created_idx" ON "events" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_run_idx" ON "events" USING btree ("run_id");