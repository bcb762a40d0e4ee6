/**
 * GENERATED FILE: do not edit. Regenerate with `npm run generate:api-client` (scripts/generate-api-client.ts),
 * which runs openapi-typescript on the Plinth API's OpenAPI document (GET /api/v1/schema/).
 * `npm test` fails when this file differs from a fresh generation.
 */

export interface paths {
  '/api/v1/schema/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The live OpenAPI 3.1 description of this API */
    get: operations['api_v1_schema_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/login/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Exchange a username and password for a short-lived bearer token */
    post: operations['api_login_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List users (Super Admin) */
    get: operations['api_v1_users_list'];
    put?: never;
    /** Create a user (Super Admin) */
    post: operations['api_v1_users_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/me/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user the token belongs to */
    get: operations['api_v1_users_me_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A user (yourself, or anyone for a Super Admin) */
    get: operations['api_v1_users_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update or deactivate a user (Super Admin) */
    patch: operations['api_v1_users_partial_update'];
    trace?: never;
  };
  '/api/v1/organizations/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the organizations the caller belongs to */
    get: operations['api_v1_organizations_list'];
    put?: never;
    /** Create an organization (Super Admin) */
    post: operations['api_v1_organizations_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/organizations/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An organization */
    get: operations['api_v1_organizations_retrieve'];
    put?: never;
    post?: never;
    /** Delete an empty organization (Super Admin) */
    delete: operations['api_v1_organizations_destroy'];
    options?: never;
    head?: never;
    /** Rename an organization (Org Admin); change its slug (Super Admin) */
    patch: operations['api_v1_organizations_partial_update'];
    trace?: never;
  };
  '/api/v1/workspaces/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the workspaces the caller belongs to */
    get: operations['api_v1_workspaces_list'];
    put?: never;
    /** Create a workspace in an organization (Org Admin) */
    post: operations['api_v1_workspaces_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workspace */
    get: operations['api_v1_workspaces_retrieve'];
    put?: never;
    post?: never;
    /** Delete a workspace without buckets (Org Admin) */
    delete: operations['api_v1_workspaces_destroy'];
    options?: never;
    head?: never;
    /** Configure a workspace (Workspace Admin) */
    patch: operations['api_v1_workspaces_partial_update'];
    trace?: never;
  };
  '/api/v1/organizations/{id}/members/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the organization's members and their roles */
    get: operations['api_v1_organizations_members_list'];
    put?: never;
    /** Add a user, named by username or e-mail address, as a member with a role */
    post: operations['api_v1_organizations_members_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{id}/members/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the workspace's members and their roles */
    get: operations['api_v1_workspaces_members_list'];
    put?: never;
    /** Add a user, named by username or e-mail address, as a member with a role */
    post: operations['api_v1_workspaces_members_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/organizations/{id}/members/{user_id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a member */
    delete: operations['api_v1_organizations_members_destroy'];
    options?: never;
    head?: never;
    /** Change a member's role */
    patch: operations['api_v1_organizations_members_partial_update'];
    trace?: never;
  };
  '/api/v1/workspaces/{id}/members/{user_id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a member */
    delete: operations['api_v1_workspaces_members_destroy'];
    options?: never;
    head?: never;
    /** Change a member's role */
    patch: operations['api_v1_workspaces_members_partial_update'];
    trace?: never;
  };
  '/api/v1/users/me/api-keys/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List your user API keys (never their secrets) */
    get: operations['api_v1_users_me_api_keys_list'];
    put?: never;
    /**
     * Create one of the your user API keys; the token is in this response only
     * @description Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
     */
    post: operations['api_v1_users_me_api_keys_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/me/api-keys/{key_id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a key: it fails from the next request on
     * @description Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
     */
    delete: operations['api_v1_users_me_api_keys_destroy'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/organizations/{id}/api-keys/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the organization's API keys (never their secrets) */
    get: operations['api_v1_organizations_api_keys_list'];
    put?: never;
    /**
     * Create one of the the organization's API keys; the token is in this response only
     * @description Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
     */
    post: operations['api_v1_organizations_api_keys_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/organizations/{id}/api-keys/{key_id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a key: it fails from the next request on
     * @description Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
     */
    delete: operations['api_v1_organizations_api_keys_destroy'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/system-api-keys/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List system API keys (staff) (never their secrets) */
    get: operations['api_v1_system_api_keys_list'];
    put?: never;
    /**
     * Create one of the system API keys (staff); the token is in this response only
     * @description Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
     */
    post: operations['api_v1_system_api_keys_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/system-api-keys/{key_id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a key: it fails from the next request on
     * @description Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
     */
    delete: operations['api_v1_system_api_keys_destroy'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/audit-log/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Security events, newest first (Super Admin: all; Org Admin: their organizations) */
    get: operations['api_v1_audit_log_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/audit-log/export/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every matching entry, oldest first, as NDJSON (one JSON object per line) */
    get: operations['api_v1_audit_log_export_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/s3/buckets/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List buckets (occupancy, object count, last usage refresh; never secrets) */
    get: operations['api_v1_s3_buckets_list'];
    put?: never;
    /**
     * Create a bucket with its own access user, or adopt it (same name, same workspace)
     * @description 201 with the new bucket and its credentials. If Plinth already manages the name in the region for the same organization and workspace, 200 with that bucket; with an owner_reference, only when that object owns it, or it has no owner and was created for that object or released to its namespace (adoptable_by). Anything else: 409 bucket_name_taken.
     */
    post: operations['api_v1_s3_buckets_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/s3/buckets/import/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Bring a bucket that exists on the cluster without a Plinth record under management (a Super Admin signed in)
     * @description The bucket keeps its data; it is marked as managed, gets its own access user, and belongs to the workspace given (origin `adopted`). Recorded in the audit log as bucket.imported. 400 (on name) when no such bucket exists on the cluster; 409 bucket_name_taken when Plinth already manages the name.
     */
    post: operations['api_v1_s3_buckets_import_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/s3/buckets/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bucket */
    get: operations['api_v1_s3_buckets_retrieve'];
    put?: never;
    post?: never;
    /** Remove the access user and policy, and the bucket if it is empty (else 409; data is never deleted) */
    delete: operations['api_v1_s3_buckets_destroy'];
    options?: never;
    head?: never;
    /** Turn the allow-all CORS rule set on or off, set or drop the owning Kubernetes object, or release the bucket to a namespace */
    patch: operations['api_v1_s3_buckets_partial_update'];
    trace?: never;
  };
  '/api/v1/s3/buckets/{id}/credentials/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reveal the bucket's credentials again (recorded in the audit log) */
    get: operations['api_v1_s3_buckets_credentials_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/s3/buckets/{id}/objects/upload-url/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A presigned URL to PUT one object, signed with the bucket's own access user
     * @description The URL stops working when it expires, and when the bucket (so its access user) is deleted.
     */
    post: operations['api_v1_s3_buckets_objects_upload_url_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/s3/regions/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Regions with bucket count, occupancy and objects (over the buckets you can see) */
    get: operations['api_v1_s3_regions_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Error: {
      /** @description A human sentence saying what went wrong. */
      detail: string;
      /**
       * @description A stable machine-readable code.
       * @example not_found
       */
      code: string;
      /** @description Validation errors, one per field problem (400 only). */
      errors?: {
        attr: string;
        code: string;
        detail: string;
      }[];
      request_id?: string;
    };
    LoginResponse: {
      /** @description A short-lived bearer token (JWT). */
      token: string;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      expires_at: string;
    };
    LoginRequest: {
      username: string;
      password: string;
    };
    PaginatedUserList: {
      /** @example 123 */
      count: number;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      results: components['schemas']['User'][];
    };
    User: {
      /** Format: uuid */
      id: string;
      username: string;
      email: string | null;
      full_name: string;
      /** @description Super Admin. */
      is_superuser: boolean;
      is_active: boolean;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      last_login_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
    };
    UserCreate: {
      username: string;
      /** @description Omit for users who sign in through SSO only. */
      password?: string;
      /** Format: email */
      email?: string | null;
      full_name?: string;
      is_superuser?: boolean;
    };
    UserUpdate: {
      username?: string;
      password?: string;
      /** Format: email */
      email?: string | null;
      full_name?: string;
      is_superuser?: boolean;
      /** @description false deactivates the user: logins and keys stop working. */
      is_active?: boolean;
    };
    PaginatedOrganizationList: {
      /** @example 123 */
      count: number;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      results: components['schemas']['Organization'][];
    };
    Organization: {
      /** Format: uuid */
      id: string;
      /** @description Used in OIDC group names: svc-{slug}-admins, -users, -viewers. */
      slug: string;
      name: string;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
    };
    OrganizationCreate: {
      slug: string;
      name: string;
    };
    OrganizationUpdate: {
      slug?: string;
      name?: string;
    };
    PaginatedWorkspaceList: {
      /** @example 123 */
      count: number;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      results: components['schemas']['Workspace'][];
    };
    Workspace: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      organization: string;
      name: string;
      /** @description Free-form workspace configuration (for example the `events` handler settings), a JSON object nested at most 32 levels deep (the object itself is the first). */
      config: {
        [key: string]: unknown;
      };
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
    };
    WorkspaceCreate: {
      /** Format: uuid */
      organization: string;
      name: string;
      /** @description Free-form workspace configuration (for example the `events` handler settings), a JSON object nested at most 32 levels deep (the object itself is the first). */
      config?: {
        [key: string]: unknown;
      };
    };
    WorkspaceUpdate: {
      name?: string;
      /** @description Free-form workspace configuration (for example the `events` handler settings), a JSON object nested at most 32 levels deep (the object itself is the first). */
      config?: {
        [key: string]: unknown;
      };
    };
    PaginatedMemberList: {
      /** @example 123 */
      count: number;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      results: components['schemas']['Member'][];
    };
    Member: {
      /** Format: uuid */
      user: string;
      username: string;
      full_name: string;
      /**
       * @description `admin` (Org Admin or Workspace Admin), `user`, or `viewer`.
       * @enum {string}
       */
      role: 'admin' | 'user' | 'viewer';
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
    };
    /** @description Exactly one of `username` and `email` names the user to add. */
    MemberCreate: {
      /** @description The username (any case). */
      username?: string;
      /** @description The e-mail address (any case). */
      email?: string;
      /**
       * @description `admin` (Org Admin or Workspace Admin), `user`, or `viewer`.
       * @enum {string}
       */
      role: 'admin' | 'user' | 'viewer';
    };
    MemberUpdate: {
      /**
       * @description `admin` (Org Admin or Workspace Admin), `user`, or `viewer`.
       * @enum {string}
       */
      role: 'admin' | 'user' | 'viewer';
    };
    PaginatedApiKeyList: {
      /** @example 123 */
      count: number;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      results: components['schemas']['ApiKey'][];
    };
    ApiKey: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: 'user' | 'organization' | 'system';
      name: string;
      /**
       * @description The first characters of the token, to recognise it.
       * @example plu_3xY9aQ
       */
      prefix: string;
      /** Format: uuid */
      organization: string | null;
      /**
       * @description Organization keys: the role the key acts with.
       * @enum {string|null}
       */
      role: 'admin' | 'user' | 'viewer' | null;
      /** @description The permission areas the key is limited to (docs/permissions.md); null: all the rights of its owner. */
      scopes:
        | (
            | 'organizations:read'
            | 'organizations:write'
            | 'workspaces:read'
            | 'workspaces:write'
            | 'buckets:read'
            | 'buckets:write'
            | 'keys:read'
            | 'keys:write'
            | 'audit:read'
            | 'users:read'
            | 'users:write'
          )[]
        | null;
      /**
       * Format: uuid
       * @description Who created the key: for a user key, its owner. Organization and system keys belong to the organization and to the system, and keep working when their creator leaves.
       */
      created_by: string | null;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      expires_at: string | null;
      /**
       * Format: date-time
       * @description Updated at most about once a minute.
       * @example 2026-11-21T10:00:00.000Z
       */
      last_used_at: string | null;
    };
    CreatedApiKey: components['schemas']['ApiKey'] & {
      /** @description The secret. Shown in this response only; store it now. */
      token: string;
    };
    ApiKeyCreate: {
      name: string;
      /**
       * Format: date-time
       * @description Optional expiry (ISO 8601 with offset). Omit for a key that does not expire.
       */
      expires_at?: string | null;
      /**
       * @description Limit the key to these permission areas (`buckets:write` implies `buckets:read`). Never more than its owner has: a scope in which the owner has no right is a 400. Omit for all the owner's rights. `keys:write` cannot be given: keys never manage keys.
       * @example [
       *       "buckets:read",
       *       "buckets:write"
       *     ]
       */
      scopes?:
        | (
            | 'organizations:read'
            | 'organizations:write'
            | 'workspaces:read'
            | 'workspaces:write'
            | 'buckets:read'
            | 'buckets:write'
            | 'keys:read'
            | 'keys:write'
            | 'audit:read'
            | 'users:read'
            | 'users:write'
          )[]
        | null;
    };
    OrganizationApiKeyCreate: {
      name: string;
      /**
       * Format: date-time
       * @description Optional expiry (ISO 8601 with offset). Omit for a key that does not expire.
       */
      expires_at?: string | null;
      /**
       * @description `admin` (Org Admin or Workspace Admin), `user`, or `viewer`.
       * @default viewer
       * @enum {string}
       */
      role: 'admin' | 'user' | 'viewer';
      /**
       * @description Limit the key to these permission areas (`buckets:write` implies `buckets:read`). Never more than its owner has: a scope in which the owner has no right is a 400. Omit for all the owner's rights. `keys:write` cannot be given: keys never manage keys.
       * @example [
       *       "buckets:read",
       *       "buckets:write"
       *     ]
       */
      scopes?:
        | (
            | 'organizations:read'
            | 'organizations:write'
            | 'workspaces:read'
            | 'workspaces:write'
            | 'buckets:read'
            | 'buckets:write'
            | 'keys:read'
            | 'keys:write'
            | 'audit:read'
            | 'users:read'
            | 'users:write'
          )[]
        | null;
    };
    PaginatedAuditEntryList: {
      /** @example 123 */
      count: number;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      results: components['schemas']['AuditEntry'][];
    };
    AuditEntry: {
      id: number;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      occurred_at: string;
      /** @example api_key.used */
      event: string;
      /**
       * Format: uuid
       * @description The acting user (for keys: its owner or creator).
       */
      actor: string | null;
      /** @description For failed logins: the username that was tried. */
      username: string | null;
      /** Format: uuid */
      api_key: string | null;
      /** Format: uuid */
      organization: string | null;
      ip: string | null;
      request_id: string | null;
      /** @description Event data: endpoint, reason, key name, provider… */
      details: {
        [key: string]: unknown;
      };
    };
    CreatedBucket: components['schemas']['Bucket'] & {
      credentials: components['schemas']['BucketCredentials'];
    };
    /** @description The Kubernetes object that asked for the bucket (set by the operator). */
    OwnerReference: {
      cluster_id: string;
      namespace: string;
      name: string;
      uid: string;
    };
    /** @description One namespace of one Kubernetes cluster. */
    NamespaceReference: {
      cluster_id: string;
      namespace: string;
    };
    /** @description The access user's keys: store them now (or use the credentials endpoint). */
    BucketCredentials: {
      access_key_id: string;
      secret_access_key: string;
    };
    Bucket: {
      /** Format: uuid */
      id: string;
      name: string;
      region: string;
      /** Format: uuid */
      organization: string;
      /** Format: uuid */
      workspace: string;
      /** @description The S3 endpoint applications use (AWS_ENDPOINT_URL_S3). */
      endpoint: string;
      /** @enum {string} */
      state: 'provisioning' | 'ready' | 'deleting';
      cors_allow_all: boolean;
      /**
       * @description `created` when the API made the bucket on the cluster, `adopted` when it already existed there.
       * @enum {string|null}
       */
      origin: 'created' | 'adopted' | null;
      owner_reference: components['schemas']['OwnerReference'] | null;
      /** @description The owner reference the bucket was created with; never changes. */
      created_for: components['schemas']['OwnerReference'] | null;
      /** @description The namespace the bucket was released to: an object there may adopt it while it has no owner. */
      adoptable_by: components['schemas']['NamespaceReference'] | null;
      usage: {
        /** @description Occupancy in bytes (null until first measured). */
        bytes: number | null;
        objects: number | null;
        /**
         * Format: date-time
         * @description When usage was last pulled from the cluster.
         * @example 2026-11-21T10:00:00.000Z
         */
        updated_at: string | null;
      };
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
    };
    BucketCreate: {
      name: string;
      region: string;
      /** Format: uuid */
      organization: string;
      /** Format: uuid */
      workspace: string;
      cors_allow_all?: boolean;
      owner_reference?: components['schemas']['OwnerReference'];
    };
    BucketImport: {
      /** @description The bucket as it is named on the cluster. */
      name: string;
      region: string;
      /** Format: uuid */
      organization: string;
      /** Format: uuid */
      workspace: string;
    };
    PaginatedBucketList: {
      /** @example 123 */
      count: number;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * Format: uri
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      results: components['schemas']['Bucket'][];
    };
    BucketUpdate: {
      cors_allow_all?: boolean;
      /** @description The Kubernetes object that owns the bucket (needs the right to reveal credentials); null drops it. */
      owner_reference?: components['schemas']['OwnerReference'] | null;
      /** @description Release the bucket to one namespace, whose objects may then adopt it while it has no owner (needs the right to reveal credentials); null withdraws the release. */
      adoptable_by?: components['schemas']['NamespaceReference'] | null;
    };
    UploadUrl: {
      url: string;
      /** @enum {string} */
      method: 'PUT';
      headers: {
        [key: string]: string;
      };
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      expires_at: string;
    };
    UploadUrlRequest: {
      /** @description The object key: at most 1024 bytes of UTF-8, no control characters. */
      key: string;
      content_type?: string;
      /** @description Seconds (60–3600, default 900). */
      expires_in?: number;
    };
    RegionList: {
      results: components['schemas']['RegionUsage'][];
    };
    RegionUsage: {
      name: string;
      cluster: string;
      bucket_count: number;
      bytes: number;
      objects: number;
      /**
       * Format: date-time
       * @example 2026-11-21T10:00:00.000Z
       */
      usage_updated_at: string | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  api_v1_schema_retrieve: {
    parameters: {
      query?: {
        /** @description json (default) or yaml */
        format?: 'json' | 'yaml';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.oai.openapi+json': {
            [key: string]: unknown;
          };
          'application/yaml': string;
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_login_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginRequest'];
      };
    };
    responses: {
      /** @description A login token. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginResponse'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests; see `Retry-After`. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of users. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedUserList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UserCreate'];
      };
    };
    responses: {
      /** @description The new user. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_me_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The calling user. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UserUpdate'];
      };
    };
    responses: {
      /** @description The updated user. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of organizations. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedOrganizationList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrganizationCreate'];
      };
    };
    responses: {
      /** @description The new organization. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Organization'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The organization. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Organization'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrganizationUpdate'];
      };
    };
    responses: {
      /** @description The organization. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Organization'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
        /** @description Only this organization. */
        organization?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of workspaces. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedWorkspaceList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WorkspaceCreate'];
      };
    };
    responses: {
      /** @description The new workspace. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Workspace'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Workspace'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WorkspaceUpdate'];
      };
    };
    responses: {
      /** @description The workspace. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Workspace'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_members_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of members. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedMemberList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_members_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MemberCreate'];
      };
    };
    responses: {
      /** @description The new member. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_members_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of members. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedMemberList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_members_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MemberCreate'];
      };
    };
    responses: {
      /** @description The new member. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_members_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        user_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_members_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        user_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MemberUpdate'];
      };
    };
    responses: {
      /** @description The member. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_members_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        user_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_workspaces_members_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        user_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MemberUpdate'];
      };
    };
    responses: {
      /** @description The member. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_me_api_keys_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of API keys. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedApiKeyList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_me_api_keys_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApiKeyCreate'];
      };
    };
    responses: {
      /** @description The new key, with its token. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_users_me_api_keys_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_api_keys_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of API keys. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedApiKeyList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_api_keys_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrganizationApiKeyCreate'];
      };
    };
    responses: {
      /** @description The new key, with its token. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_organizations_api_keys_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_system_api_keys_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of API keys. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedApiKeyList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_system_api_keys_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApiKeyCreate'];
      };
    };
    responses: {
      /** @description The new key, with its token. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_system_api_keys_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_audit_log_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
        event?:
          | 'login.succeeded'
          | 'login.failed'
          | 'sso.login'
          | 'api_key.created'
          | 'api_key.used'
          | 'api_key.revoked'
          | 'service_account.used'
          | 'user.created'
          | 'user.updated'
          | 'organization.created'
          | 'organization.deleted'
          | 'organization.member.added'
          | 'organization.member.changed'
          | 'organization.member.removed'
          | 'workspace.member.added'
          | 'workspace.member.changed'
          | 'workspace.member.removed'
          | 'bucket.credentials_revealed'
          | 'bucket.imported';
        /** @description Acting user ID. */
        actor?: string;
        organization?: string;
        /** @description Entries at or after this time. */
        since?: string;
        /** @description Entries before this time. */
        until?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of audit entries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedAuditEntryList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_audit_log_export_retrieve: {
    parameters: {
      query?: {
        event?:
          | 'login.succeeded'
          | 'login.failed'
          | 'sso.login'
          | 'api_key.created'
          | 'api_key.used'
          | 'api_key.revoked'
          | 'service_account.used'
          | 'user.created'
          | 'user.updated'
          | 'organization.created'
          | 'organization.deleted'
          | 'organization.member.added'
          | 'organization.member.changed'
          | 'organization.member.removed'
          | 'workspace.member.added'
          | 'workspace.member.changed'
          | 'workspace.member.removed'
          | 'bucket.credentials_revealed'
          | 'bucket.imported';
        /** @description Acting user ID. */
        actor?: string;
        organization?: string;
        /** @description Entries at or after this time. */
        since?: string;
        /** @description Entries before this time. */
        until?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description NDJSON stream of AuditEntry objects. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': string;
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: number;
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: number;
        organization?: string;
        workspace?: string;
        region?: string;
        /** @description Only buckets whose owner_reference.uid or created_for.uid is this. */
        owner_uid?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of buckets. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedBucketList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BucketCreate'];
      };
    };
    responses: {
      /** @description Adopted: the existing bucket and its credentials. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBucket'];
        };
      };
      /** @description Created; the credentials are in this response. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_import_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BucketImport'];
      };
    };
    responses: {
      /** @description Imported; the credentials are in this response. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The bucket. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Bucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BucketUpdate'];
      };
    };
    responses: {
      /** @description The bucket. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Bucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_credentials_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The access user's keys. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BucketCredentials'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_buckets_objects_upload_url_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UploadUrlRequest'];
      };
    };
    responses: {
      /** @description Send the object with this method, URL and headers before it expires. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadUrl'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  api_v1_s3_regions_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every configured region. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RegionList'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
