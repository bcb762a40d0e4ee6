ALTER TABLE "workspaces" ADD COLUMN "list_item" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The API's JSON of a workspace (the `Workspace` schema, times as `Date.toISOString()` renders
-- them), kept current on every insert and update so lists join stored texts.
CREATE FUNCTION "workspaces_render_list_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := concat(
    '{"id":"', NEW.id, '","organization":"', NEW.organization_id, '","name":', to_json(NEW.name),
    ',"config":', NEW.config,
    ',"created_at":"', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    '","updated_at":"', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    '"}');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "workspaces_render_list_item" BEFORE INSERT OR UPDATE ON "workspaces"
  FOR EACH ROW EXECUTE FUNCTION "workspaces_render_list_item"();
--> statement-breakpoint
UPDATE "workspaces" SET "list_item" = '';
