CREATE TABLE "login_addresses" (
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"last_succeeded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"next_at" timestamp with time zone,
	"admitted" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttle_window_idx" ON "login_throttle" USING btree ("window_start");