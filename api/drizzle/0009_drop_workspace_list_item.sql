-- Added by hand (drizzle-kit does not manage triggers): the list renders rows in code now
-- (ADR 0003), so the trigger that kept list_item goes first, then its function.
DROP TRIGGER IF EXISTS "workspaces_render_list_item" ON "workspaces";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "workspaces_render_list_item"();
--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "list_item";
