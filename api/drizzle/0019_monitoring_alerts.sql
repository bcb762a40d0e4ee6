CREATE TYPE "public"."alert_state" AS ENUM('firing', 'resolved');--> statement-breakpoint
CREATE TABLE "check_states" (
	"endpoint_id" uuid NOT NULL,
	"location" text NOT NULL,
	"last_checked_at" timestamp with time zone NOT NULL,
	"failing" integer NOT NULL,
	"passing" integer NOT NULL,
	"down" boolean NOT NULL,
	"down_changed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_states_endpoint_id_location_pk" PRIMARY KEY("endpoint_id","location")
);
--> statement-breakpoint
CREATE TABLE "alert_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" uuid,
	"username" text,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"silence_id" text,
	"silence_ended" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid,
	"alertname" text NOT NULL,
	"severity" text NOT NULL,
	"labels" jsonb NOT NULL,
	"annotations" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"state" "alert_state" DEFAULT 'firing' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"end_notified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_endpoints" ADD COLUMN "alert_failures" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_endpoints" ADD COLUMN "alert_successes" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_endpoints" ADD COLUMN "alert_locations" integer;--> statement-breakpoint
ALTER TABLE "alert_acknowledgements" ADD CONSTRAINT "alert_acknowledgements_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_acknowledgements" ADD CONSTRAINT "alert_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_acknowledgements_alert" ON "alert_acknowledgements" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "alert_acknowledgements_open" ON "alert_acknowledgements" USING btree ("alert_id") WHERE "alert_acknowledgements"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_firing_fingerprint" ON "alerts" USING btree ("fingerprint") WHERE "alerts"."state" = 'firing';--> statement-breakpoint
CREATE INDEX "alerts_subject" ON "alerts" USING btree ("subject_id","state");--> statement-breakpoint
CREATE INDEX "alerts_organization_start" ON "alerts" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "alerts_unnotified" ON "alerts" USING btree ("ends_at") WHERE "alerts"."state" = 'resolved' and not "alerts"."end_notified";