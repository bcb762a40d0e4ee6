/**
 * The three ways `bench:api` compares of getting a workspace's list JSON (the API's `Workspace`
 * schema: times as `Date.toISOString()` renders them), as the select-list of the page statement.
 */
export const LIST_ITEM_SQL = {
  /** The text the trigger `workspaces_render_list_item` keeps in `list_item` (what the API reads). */
  stored: `"list_item"::json as item`,
  /** Rendered by PostgreSQL in the statement itself. */
  query: `json_build_object('id', "id", 'organization', "organization_id", 'name', "name", 'config', "config",
    'created_at', to_char("created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char("updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as item`,
  /** The columns, rendered in JavaScript. */
  code: `"id", "organization_id", "name", "config", "created_at", "updated_at"`,
} as const;
export type ListMode = keyof typeof LIST_ITEM_SQL;
