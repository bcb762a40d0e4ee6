CREATE TABLE "used_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_tokens_expires_at_idx" ON "used_tokens" USING btree ("expires_at");