// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
import { createClient, request } from './core.ts';
import type { CallOptions, Client, ClientOptions } from './core.ts';
import type {
  ActionRun,
  ActionRunFinish,
  ActionRunStart,
  Agent,
  AgentAssignments,
  AgentCreate,
  AgentErrorAnswer,
  AgentErrorReport,
  AgentHealthAnswer,
  AgentHealthReport,
  AgentTokenRotate,
  AgentUpdate,
  AgentWithToken,
  AlertAcknowledge,
  AlertDetail,
  ApiKeyCreate,
  AuditEvent,
  Bucket,
  BucketCreate,
  BucketCredentials,
  BucketHealth,
  BucketImport,
  BucketUpdate,
  CheckEndpoint,
  CheckEndpointCreate,
  CheckEndpointStats,
  CheckEndpointUpdate,
  CheckResultBatch,
  CheckResultOutcome,
  CreatedApiKey,
  CreatedBucket,
  CredentialRotation,
  Delivery,
  Event,
  EventHandler,
  HandlerSecret,
  HandlerSecretRotate,
  IdTokenLogin,
  Identity,
  IdentityLink,
  LoginRequest,
  LoginResponse,
  Member,
  MemberCreate,
  MemberUpdate,
  Organization,
  OrganizationApiKeyCreate,
  OrganizationCreate,
  OrganizationUpdate,
  PaginatedActionRunList,
  PaginatedAgentList,
  PaginatedAlertList,
  PaginatedApiKeyList,
  PaginatedAuditEntryList,
  PaginatedBucketList,
  PaginatedCheckEndpointList,
  PaginatedEventList,
  PaginatedMemberList,
  PaginatedOrganizationList,
  PaginatedUserList,
  PaginatedWorkspaceList,
  Redeliver,
  RegionList,
  RotatedCredentials,
  SsoProviders,
  UploadUrl,
  UploadUrlRequest,
  User,
  UserCreate,
  UserSso,
  UserUpdate,
  Workspace,
  WorkspaceCreate,
  WorkspaceUpdate,
} from './types.gen.ts';

/** Every operation as a method: what `createPlinthClient` returns. */
export interface PlinthClient {
  /**
   * The live OpenAPI 3.1 description of this API
   *
   * The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.
   *
   * `GET /api/v1/schema/` (`api_v1_schema_retrieve`).
   * @throws {ApiError} 400, 503: the API's error body is `error.body`.
   */
  apiV1SchemaRetrieve(
    params?: ApiV1SchemaRetrieveParams,
    call?: CallOptions,
  ): Promise<Record<string, unknown> | string>;
  /**
   * Exchange a username and password for a short-lived bearer token
   *
   * For local users. The token authenticates like an API key until `expires_at`, and may also create and revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).
   *
   * `POST /api/login/` (`api_login_create`).
   * @throws {ApiError} 400, 401, 413, 415, 429, 503: the API's error body is `error.body`.
   */
  apiLoginCreate(params: ApiLoginCreateParams, call?: CallOptions): Promise<LoginResponse>;
  /**
   * Exchange an identity provider's ID token for a short-lived bearer token
   *
   * The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's `cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the access token for userinfo. The token is verified against the provider's keys: an ID token (JOSE `typ` absent or `JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present), with `sub`, `exp` and `iat`, at most 5 minutes old, and accepted once. The user is found by their identity (or created, when the provider allows sign-up), their groups (from the ID token, else userinfo) are synced, and the answer is a login token as from `POST /api/login/`. 401 `authentication_failed` for an invalid or reused token, an unknown user with sign-up off, or a deactivated user (audited as `sso.login_failed` with the reason).
   *
   * `POST /api/login/oidc/` (`api_login_oidc_create`).
   * @throws {ApiError} 400, 401, 413, 415, 503: the API's error body is `error.body`.
   */
  apiLoginOidcCreate(params: ApiLoginOidcCreateParams, call?: CallOptions): Promise<LoginResponse>;
  /**
   * The single sign-on providers
   *
   * What a client needs to sign in through SSO: for each configured provider, its issuer, where a browser starts, and the public client the command line uses with the device authorization grant (docs/sso.md). An empty list when SSO is not configured. With `name`, that provider alone (404 when there is none of that name), as `plinth login --provider <name>` asks.
   *
   * `GET /api/login/providers/` (`api_login_providers_retrieve`).
   * @throws {ApiError} 400, 404, 503: the API's error body is `error.body`.
   */
  apiLoginProvidersRetrieve(
    params?: ApiLoginProvidersRetrieveParams,
    call?: CallOptions,
  ): Promise<SsoProviders>;
  /**
   * Sign out the login token in the Authorization header
   *
   * Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST /api/login/oidc/`): from now on every replica refuses it with 401 `token_revoked`, as if it had expired. Recorded as `session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009), a token that is already expired, signed out or invalid, or none at all, gives 204 too: there is nothing left to end. An API key is 400 `not_a_login_token`: revoke it with `DELETE …/api-keys/{id}/`. A header that is not `Bearer <token>` is 401, as on every route.
   *
   * `POST /api/logout/` (`api_logout_create`).
   * @throws {ApiError} 400, 401, 413, 503: the API's error body is `error.body`.
   */
  apiLogoutCreate(params?: Record<string, never>, call?: CallOptions): Promise<void>;
  /**
   * List users (Super Admin)
   *
   * Every user, ordered by username. Super Admins only.
   *
   * `GET /api/v1/users/` (`api_v1_users_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1UsersList(params?: ApiV1UsersListParams, call?: CallOptions): Promise<PaginatedUserList>;
  /**
   * Create a user (Super Admin)
   *
   * A local user, with a password for `POST /api/login/`, or without one for users who sign in through SSO only. 400 `unique` when the username is taken. A password or `is_superuser: true` needs a person signed in: 403 `interactive_login_required` with an API key.
   *
   * `POST /api/v1/users/` (`api_v1_users_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1UsersCreate(params: ApiV1UsersCreateParams, call?: CallOptions): Promise<User>;
  /**
   * The user the token belongs to
   *
   * Who the bearer token belongs to. For an organization or system key, 403 `no_user`: such keys act for no user.
   *
   * `GET /api/v1/users/me/` (`api_v1_users_me_retrieve`).
   * @throws {ApiError} 401, 403, 503: the API's error body is `error.body`.
   */
  apiV1UsersMeRetrieve(params?: Record<string, never>, call?: CallOptions): Promise<User>;
  /**
   * A user (yourself, or anyone for a Super Admin)
   *
   * Anyone may read their own user; a Super Admin may read any. Others get 404, as for a user that does not exist.
   *
   * `GET /api/v1/users/{id}/` (`api_v1_users_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1UsersRetrieve(params: ApiV1UsersRetrieveParams, call?: CallOptions): Promise<User>;
  /**
   * Update or deactivate a user (Super Admin)
   *
   * Change a user's fields; `is_active: false` deactivates the user, so their logins and keys stop working. A Super Admin cannot take away their own Super Admin or deactivate themselves (409 `self_lockout`). A password, `is_superuser: true` and reactivating a user need a person signed in: 403 `interactive_login_required` with an API key.
   *
   * `PATCH /api/v1/users/{id}/` (`api_v1_users_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1UsersPartialUpdate(params: ApiV1UsersPartialUpdateParams, call?: CallOptions): Promise<User>;
  /**
   * A user's single sign-on identities and last claims (Super Admin)
   *
   * For support when a user's groups do not arrive or map to the wrong roles: each identity of the user at an identity provider, with the claims and groups it last brought, what those groups map to (and whether the organizations exist), and what the last group sync could not do. Super Admins only.
   *
   * `GET /api/v1/users/{id}/sso/` (`api_v1_users_sso_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1UsersSsoRetrieve(params: ApiV1UsersSsoRetrieveParams, call?: CallOptions): Promise<UserSso>;
  /**
   * Link a user to an identity at an identity provider (Super Admin)
   *
   * Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this user, with its memberships and keys, instead of a new user. Users are never matched by e-mail address. 400 `does_not_exist` for an unknown provider, 409 when the identity is linked already. Needs a person signed in: 403 `interactive_login_required` with an API key.
   *
   * `POST /api/v1/users/{id}/identities/` (`api_v1_users_identities_create`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1UsersIdentitiesCreate(params: ApiV1UsersIdentitiesCreateParams, call?: CallOptions): Promise<Identity>;
  /**
   * End all of a user's web sessions (Super Admin)
   *
   * Ends every web UI session of the user at once, on every replica (the browser's next request is signed out). Their API keys and login tokens are not affected. Users end their own sessions in the web UI ("Sign out everywhere"). Super Admins only.
   *
   * `DELETE /api/v1/users/{id}/sessions/` (`api_v1_users_sessions_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1UsersSessionsDestroy(params: ApiV1UsersSessionsDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * List the organizations the caller belongs to
   *
   * The organizations the caller is a member of; a Super Admin sees all.
   *
   * `GET /api/v1/organizations/` (`api_v1_organizations_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsList(
    params?: ApiV1OrganizationsListParams,
    call?: CallOptions,
  ): Promise<PaginatedOrganizationList>;
  /**
   * Create an organization (Super Admin)
   *
   * A new, empty organization. 400 `unique` when the slug is taken.
   *
   * `POST /api/v1/organizations/` (`api_v1_organizations_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsCreate(params: ApiV1OrganizationsCreateParams, call?: CallOptions): Promise<Organization>;
  /**
   * An organization
   *
   * One organization. 404 when it does not exist or the caller is not a member.
   *
   * `GET /api/v1/organizations/{id}/` (`api_v1_organizations_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsRetrieve(
    params: ApiV1OrganizationsRetrieveParams,
    call?: CallOptions,
  ): Promise<Organization>;
  /**
   * Rename an organization (Org Admin); change its slug (Super Admin)
   *
   * An Org Admin may rename the organization; changing its slug (which renames its OIDC groups) takes a Super Admin signed in: 403 `interactive_login_required` with an API key.
   *
   * `PATCH /api/v1/organizations/{id}/` (`api_v1_organizations_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsPartialUpdate(
    params: ApiV1OrganizationsPartialUpdateParams,
    call?: CallOptions,
  ): Promise<Organization>;
  /**
   * Delete an empty organization (Super Admin)
   *
   * Deletes an organization that has no workspaces left. 409 `organization_not_empty` otherwise.
   *
   * `DELETE /api/v1/organizations/{id}/` (`api_v1_organizations_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsDestroy(params: ApiV1OrganizationsDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * List the workspaces the caller belongs to
   *
   * The workspaces the caller is a member of, directly or through an organization role; a Super Admin sees all. Filter with `organization`.
   *
   * `GET /api/v1/workspaces/` (`api_v1_workspaces_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesList(
    params?: ApiV1WorkspacesListParams,
    call?: CallOptions,
  ): Promise<PaginatedWorkspaceList>;
  /**
   * Create a workspace in an organization (Org Admin)
   *
   * A new workspace in an organization where the caller is Org Admin (or any, for a Super Admin). 400 `unique` when the organization already has a workspace of that name.
   *
   * `POST /api/v1/workspaces/` (`api_v1_workspaces_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesCreate(params: ApiV1WorkspacesCreateParams, call?: CallOptions): Promise<Workspace>;
  /**
   * A workspace
   *
   * One workspace with its configuration. 404 when it does not exist or the caller cannot see it.
   *
   * `GET /api/v1/workspaces/{id}/` (`api_v1_workspaces_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesRetrieve(params: ApiV1WorkspacesRetrieveParams, call?: CallOptions): Promise<Workspace>;
  /**
   * Configure a workspace (Workspace Admin)
   *
   * Rename the workspace or replace its whole `config` object.
   *
   * `PATCH /api/v1/workspaces/{id}/` (`api_v1_workspaces_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesPartialUpdate(
    params: ApiV1WorkspacesPartialUpdateParams,
    call?: CallOptions,
  ): Promise<Workspace>;
  /**
   * Delete a workspace without buckets (Org Admin)
   *
   * Deletes the workspace and its memberships. 409 `workspace_not_empty` while it still has buckets: delete them first.
   *
   * `DELETE /api/v1/workspaces/{id}/` (`api_v1_workspaces_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesDestroy(params: ApiV1WorkspacesDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * List the organization's members and their roles
   *
   * The members with their roles, ordered by username. Any member may list them.
   *
   * `GET /api/v1/organizations/{id}/members/` (`api_v1_organizations_members_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsMembersList(
    params: ApiV1OrganizationsMembersListParams,
    call?: CallOptions,
  ): Promise<PaginatedMemberList>;
  /**
   * Add a user, named by username or e-mail address, as a member with a role
   *
   * Name the user by exactly one of `username` and `email`. An unknown and an inactive user get the same 400, so the answer reveals nothing about other users. 400 `unique` when already a member. Needs a person signed in: 403 `interactive_login_required` with an API key.
   *
   * `POST /api/v1/organizations/{id}/members/` (`api_v1_organizations_members_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsMembersCreate(
    params: ApiV1OrganizationsMembersCreateParams,
    call?: CallOptions,
  ): Promise<Member>;
  /**
   * List the workspace's members and their roles
   *
   * The members with their roles, ordered by username. Any member may list them.
   *
   * `GET /api/v1/workspaces/{id}/members/` (`api_v1_workspaces_members_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesMembersList(
    params: ApiV1WorkspacesMembersListParams,
    call?: CallOptions,
  ): Promise<PaginatedMemberList>;
  /**
   * Add a user, named by username or e-mail address, as a member with a role
   *
   * Name the user by exactly one of `username` and `email`. An unknown and an inactive user get the same 400, so the answer reveals nothing about other users. 400 `unique` when already a member. Needs a person signed in: 403 `interactive_login_required` with an API key.
   *
   * `POST /api/v1/workspaces/{id}/members/` (`api_v1_workspaces_members_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesMembersCreate(
    params: ApiV1WorkspacesMembersCreateParams,
    call?: CallOptions,
  ): Promise<Member>;
  /**
   * Change a member's role
   *
   * Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403 `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a group-granted role after the person leaves the group).
   *
   * `PATCH /api/v1/organizations/{id}/members/{user_id}/` (`api_v1_organizations_members_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsMembersPartialUpdate(
    params: ApiV1OrganizationsMembersPartialUpdateParams,
    call?: CallOptions,
  ): Promise<Member>;
  /**
   * Remove a member
   *
   * Ends the membership. The user and their other memberships stay.
   *
   * `DELETE /api/v1/organizations/{id}/members/{user_id}/` (`api_v1_organizations_members_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsMembersDestroy(
    params: ApiV1OrganizationsMembersDestroyParams,
    call?: CallOptions,
  ): Promise<void>;
  /**
   * Change a member's role
   *
   * Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403 `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a group-granted role after the person leaves the group).
   *
   * `PATCH /api/v1/workspaces/{id}/members/{user_id}/` (`api_v1_workspaces_members_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesMembersPartialUpdate(
    params: ApiV1WorkspacesMembersPartialUpdateParams,
    call?: CallOptions,
  ): Promise<Member>;
  /**
   * Remove a member
   *
   * Ends the membership. The user and their other memberships stay.
   *
   * `DELETE /api/v1/workspaces/{id}/members/{user_id}/` (`api_v1_workspaces_members_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesMembersDestroy(
    params: ApiV1WorkspacesMembersDestroyParams,
    call?: CallOptions,
  ): Promise<void>;
  /**
   * List your user API keys (never their secrets)
   *
   * The keys with their names, scopes, expiry and last use; never a secret.
   *
   * `GET /api/v1/users/me/api-keys/` (`api_v1_users_me_api_keys_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1UsersMeApiKeysList(
    params?: ApiV1UsersMeApiKeysListParams,
    call?: CallOptions,
  ): Promise<PaginatedApiKeyList>;
  /**
   * Create one of the your user API keys; the token is in this response only
   *
   * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
   *
   * `POST /api/v1/users/me/api-keys/` (`api_v1_users_me_api_keys_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1UsersMeApiKeysCreate(
    params: ApiV1UsersMeApiKeysCreateParams,
    call?: CallOptions,
  ): Promise<CreatedApiKey>;
  /**
   * Revoke a key: it fails from the next request on
   *
   * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
   *
   * `DELETE /api/v1/users/me/api-keys/{key_id}/` (`api_v1_users_me_api_keys_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1UsersMeApiKeysDestroy(params: ApiV1UsersMeApiKeysDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * List the organization's API keys (never their secrets)
   *
   * The keys with their names, scopes, expiry and last use; never a secret.
   *
   * `GET /api/v1/organizations/{id}/api-keys/` (`api_v1_organizations_api_keys_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsApiKeysList(
    params: ApiV1OrganizationsApiKeysListParams,
    call?: CallOptions,
  ): Promise<PaginatedApiKeyList>;
  /**
   * Create one of the the organization's API keys; the token is in this response only
   *
   * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
   *
   * `POST /api/v1/organizations/{id}/api-keys/` (`api_v1_organizations_api_keys_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsApiKeysCreate(
    params: ApiV1OrganizationsApiKeysCreateParams,
    call?: CallOptions,
  ): Promise<CreatedApiKey>;
  /**
   * Revoke a key: it fails from the next request on
   *
   * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
   *
   * `DELETE /api/v1/organizations/{id}/api-keys/{key_id}/` (`api_v1_organizations_api_keys_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1OrganizationsApiKeysDestroy(
    params: ApiV1OrganizationsApiKeysDestroyParams,
    call?: CallOptions,
  ): Promise<void>;
  /**
   * List system API keys (staff) (never their secrets)
   *
   * The keys with their names, scopes, expiry and last use; never a secret.
   *
   * `GET /api/v1/system-api-keys/` (`api_v1_system_api_keys_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1SystemApiKeysList(
    params?: ApiV1SystemApiKeysListParams,
    call?: CallOptions,
  ): Promise<PaginatedApiKeyList>;
  /**
   * Create one of the system API keys (staff); the token is in this response only
   *
   * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
   *
   * `POST /api/v1/system-api-keys/` (`api_v1_system_api_keys_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1SystemApiKeysCreate(
    params: ApiV1SystemApiKeysCreateParams,
    call?: CallOptions,
  ): Promise<CreatedApiKey>;
  /**
   * Revoke a key: it fails from the next request on
   *
   * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
   *
   * `DELETE /api/v1/system-api-keys/{key_id}/` (`api_v1_system_api_keys_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1SystemApiKeysDestroy(params: ApiV1SystemApiKeysDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * Security events, newest first (Super Admin: all; Org Admin: their organizations)
   *
   * A page of the audit log, newest first, with filters. Super Admins see every entry; Org Admins the entries of their organizations.
   *
   * `GET /api/v1/audit-log/` (`api_v1_audit_log_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1AuditLogList(params?: ApiV1AuditLogListParams, call?: CallOptions): Promise<PaginatedAuditEntryList>;
  /**
   * Every matching entry, oldest first, as NDJSON (one JSON object per line)
   *
   * The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. Same filters and visibility as the list.
   *
   * `GET /api/v1/audit-log/export/` (`api_v1_audit_log_export_retrieve`).
   * The answer is returned as text.
   * @throws {ApiError} 400, 401, 403, 503: the API's error body is `error.body`.
   */
  apiV1AuditLogExportRetrieve(
    params?: ApiV1AuditLogExportRetrieveParams,
    call?: CallOptions,
  ): Promise<string>;
  /**
   * List buckets (occupancy, object count, last usage refresh; never secrets)
   *
   * The buckets in workspaces the caller can see, with their usage as last measured. Filter by organization, workspace, region or owner.
   *
   * `GET /api/v1/s3/buckets/` (`api_v1_s3_buckets_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsList(params?: ApiV1S3BucketsListParams, call?: CallOptions): Promise<PaginatedBucketList>;
  /**
   * Create a bucket with its own access user, or adopt it (same name, same workspace)
   *
   * 201 with the new bucket and its credentials. If Plinth already manages the name in the region for the same organization and workspace, 200 with that bucket; with an owner_reference, only when that object owns it, or it has no owner and was created for that object or released to its namespace (adoptable_by). Anything else: 409 bucket_name_taken. When the storage cluster already has this organization's queue of creations full (PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy` with `Retry-After`: nothing was made; send it again then.
   *
   * `POST /api/v1/s3/buckets/` (`api_v1_s3_buckets_create`).
   * @throws {ApiError} 400, 401, 403, 409, 413, 415, 429, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsCreate(params: ApiV1S3BucketsCreateParams, call?: CallOptions): Promise<CreatedBucket>;
  /**
   * Bring a bucket that exists on the cluster without a Plinth record under management (a Super Admin signed in)
   *
   * The bucket keeps its data; it is marked as managed, gets its own access user, and belongs to the workspace given (origin `adopted`). Recorded in the audit log as bucket.imported. 400 (on name) when no such bucket exists on the cluster; 409 bucket_name_taken when Plinth already manages the name.
   *
   * `POST /api/v1/s3/buckets/import/` (`api_v1_s3_buckets_import_create`).
   * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsImportCreate(
    params: ApiV1S3BucketsImportCreateParams,
    call?: CallOptions,
  ): Promise<CreatedBucket>;
  /**
   * A bucket
   *
   * One bucket with its usage; never its secret.
   *
   * `GET /api/v1/s3/buckets/{id}/` (`api_v1_s3_buckets_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsRetrieve(params: ApiV1S3BucketsRetrieveParams, call?: CallOptions): Promise<Bucket>;
  /**
   * Turn the allow-all CORS rule set on or off, set or drop the owning Kubernetes object, or release the bucket to a namespace
   *
   * Switch CORS for browsers on any origin, or change which Kubernetes object owns the bucket or may adopt it.
   *
   * `PATCH /api/v1/s3/buckets/{id}/` (`api_v1_s3_buckets_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsPartialUpdate(params: ApiV1S3BucketsPartialUpdateParams, call?: CallOptions): Promise<Bucket>;
  /**
   * Remove the access user and policy, and the bucket if it is empty (else 409; data is never deleted)
   *
   * Deletes an empty bucket and its access user on the cluster. 409 `bucket_not_empty` while it holds objects; the data is never deleted by this call. 429 `storage_busy` with `Retry-After` when the storage cluster already has this organization's queue full; nothing was deleted.
   *
   * `DELETE /api/v1/s3/buckets/{id}/` (`api_v1_s3_buckets_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 429, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsDestroy(params: ApiV1S3BucketsDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * Reveal the bucket's credentials again (recorded in the audit log)
   *
   * The access key and secret of the bucket's own user, again. Each reveal is recorded in the audit log (`bucket.credentials_revealed`). Needs the right to manage the bucket.
   *
   * `GET /api/v1/s3/buckets/{id}/credentials/` (`api_v1_s3_buckets_credentials_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsCredentialsRetrieve(
    params: ApiV1S3BucketsCredentialsRetrieveParams,
    call?: CallOptions,
  ): Promise<BucketCredentials>;
  /**
   * Rotate the bucket's access key; the old one keeps working for a grace period
   *
   * A new access key with the same rights; the old one keeps working for `grace_seconds`, then is removed. The new secret is in this response (and revealable later). Rotating again within a grace period ends the older key at once. With `grace_seconds: 0` the old key is removed before the answer: a 200 means it no longer works; 503 `previous_key_removal_pending` means the new key is in force but the storage cluster has not removed the old one yet (retried in the background). At most 10 rotations per bucket in any hour; beyond, 429 `rotation_rate_limited` with `Retry-After`. Recorded in the audit log (`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the old key is removed). Needs the right to reveal the credentials.
   *
   * `POST /api/v1/s3/buckets/{id}/rotate-credentials/` (`api_v1_s3_buckets_rotate_credentials_create`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 429, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsRotateCredentialsCreate(
    params: ApiV1S3BucketsRotateCredentialsCreateParams,
    call?: CallOptions,
  ): Promise<RotatedCredentials>;
  /**
   * Check that the bucket and its access key still exist on the storage cluster
   *
   * Asks the bucket's storage cluster, now, whether the bucket and its current access user (access key) still exist there: someone may have deleted either on the cluster, behind Plinth’s back. `healthy` is true when both do. Meant for periodic drift checks, such as the Kubernetes operator’s. Needs the right to see the bucket. 409 `bucket_busy` (with `Retry-After`) while the bucket is being created or deleted, or when it changed during the check (a key rotation); 503 `storage_unavailable` when the storage cluster does not answer. Not recorded in the audit log (a read).
   *
   * `GET /api/v1/s3/buckets/{id}/health/` (`api_v1_s3_buckets_health_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsHealthRetrieve(
    params: ApiV1S3BucketsHealthRetrieveParams,
    call?: CallOptions,
  ): Promise<BucketHealth>;
  /**
   * A presigned URL to PUT one object, signed with the bucket's own access user
   *
   * The URL stops working when it expires, and when the bucket (so its access user) is deleted.
   *
   * `POST /api/v1/s3/buckets/{id}/objects/upload-url/` (`api_v1_s3_buckets_objects_upload_url_create`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1S3BucketsObjectsUploadUrlCreate(
    params: ApiV1S3BucketsObjectsUploadUrlCreateParams,
    call?: CallOptions,
  ): Promise<UploadUrl>;
  /**
   * Regions with bucket count, occupancy and objects (over the buckets you can see)
   *
   * Every configured region with the number, occupancy and objects of the buckets the caller can see there: the region picker and the per-region totals.
   *
   * `GET /api/v1/s3/regions/` (`api_v1_s3_regions_retrieve`).
   * @throws {ApiError} 401, 403, 503: the API's error body is `error.body`.
   */
  apiV1S3RegionsRetrieve(params?: Record<string, never>, call?: CallOptions): Promise<RegionList>;
  /**
   * List a workspace's runs, newest first
   *
   * Runs of one workspace (`workspace`) or of every workspace the caller may see, newest first; filter by `status` or by `workflow_run` for a workflow’s steps.
   *
   * `GET /api/v1/action-runs/` (`api_v1_action_runs_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1ActionRunsList(
    params?: ApiV1ActionRunsListParams,
    call?: CallOptions,
  ): Promise<PaginatedActionRunList>;
  /**
   * Run an action or a workflow of the workspace configuration (User)
   *
   * Creates a transaction with a snapshot of the configuration in effect. `run_by: server` (default) queues it for the API’s runner (409 `no_runner` when there is none); `run_by: client` records a run the caller executes and reports with finish. A workflow runs its steps in order, one transaction and one event each.
   *
   * `POST /api/v1/action-runs/` (`api_v1_action_runs_create`).
   * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1ActionRunsCreate(params: ApiV1ActionRunsCreateParams, call?: CallOptions): Promise<ActionRun>;
  /**
   * Show a run
   *
   * The run with its status, exit code, who started it and the snapshot’s ID; its output is at …/output/.
   *
   * `GET /api/v1/action-runs/{id}/` (`api_v1_action_runs_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1ActionRunsRetrieve(params: ApiV1ActionRunsRetrieveParams, call?: CallOptions): Promise<ActionRun>;
  /**
   * Report how a client’s run ended (its starter)
   *
   * Exit 0 ends it `stopped` (event level Info), anything else `failed` (Error); its event goes to the handlers.
   *
   * `POST /api/v1/action-runs/{id}/finish/` (`api_v1_action_runs_finish_create`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1ActionRunsFinishCreate(
    params: ApiV1ActionRunsFinishCreateParams,
    call?: CallOptions,
  ): Promise<ActionRun>;
  /**
   * Cancel a run (User)
   *
   * A queued run ends `killed` now; a running one is killed by its runner within about a second.
   *
   * `POST /api/v1/action-runs/{id}/cancel/` (`api_v1_action_runs_cancel_create`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 503: the API's error body is `error.body`.
   */
  apiV1ActionRunsCancelCreate(
    params: ApiV1ActionRunsCancelCreateParams,
    call?: CallOptions,
  ): Promise<ActionRun>;
  /**
   * A run's events (one, once it ended)
   *
   * The event the run produced when it ended (none while it runs); each handler’s deliveries are at /api/v1/events/{id}/deliveries/.
   *
   * `GET /api/v1/action-runs/{id}/events/` (`api_v1_action_runs_events_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1ActionRunsEventsRetrieve(
    params: ApiV1ActionRunsEventsRetrieveParams,
    call?: CallOptions,
  ): Promise<Event[]>;
  /**
   * A run's output, streamed while it runs with follow=true
   *
   * Plain text. While the run runs, its output so far (written every half second); afterwards only when the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer stays open and carries the output as it comes until the run ends; at most 8 such streams per caller (256 per API process) are open at once, more are 429.
   *
   * `GET /api/v1/action-runs/{id}/output/` (`api_v1_action_runs_output_retrieve`).
   * The answer is returned as text.
   * @throws {ApiError} 400, 401, 403, 404, 429, 503: the API's error body is `error.body`.
   */
  apiV1ActionRunsOutputRetrieve(
    params: ApiV1ActionRunsOutputRetrieveParams,
    call?: CallOptions,
  ): Promise<string>;
  /**
   * List a workspace's events, newest first
   *
   * One event per executed action (per workflow step); filter by `level`.
   *
   * `GET /api/v1/events/` (`api_v1_events_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1EventsList(params?: ApiV1EventsListParams, call?: CallOptions): Promise<PaginatedEventList>;
  /**
   * Show an event
   *
   * The event’s level and fields as handlers receive them (without `config`, which each handler gets its own).
   *
   * `GET /api/v1/events/{id}/` (`api_v1_events_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1EventsRetrieve(params: ApiV1EventsRetrieveParams, call?: CallOptions): Promise<Event>;
  /**
   * An event's deliveries, one per handler, with every attempt
   *
   * One delivery per handler of the workspace when the event came: its state (`pending`, `delivered`, `failed`, `disabled`) and every attempt with its status, duration, error and the first 2 KB of the answer.
   *
   * `GET /api/v1/events/{id}/deliveries/` (`api_v1_events_deliveries_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1EventsDeliveriesRetrieve(
    params: ApiV1EventsDeliveriesRetrieveParams,
    call?: CallOptions,
  ): Promise<Delivery[]>;
  /**
   * Deliver an event again, now (Workspace Admin)
   *
   * Its deliveries (or the one to `handler`) are pending again with an attempt due now; the receiver gets the same `webhook-id`.
   *
   * `POST /api/v1/events/{id}/redeliver/` (`api_v1_events_redeliver_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1EventsRedeliverCreate(
    params: ApiV1EventsRedeliverCreateParams,
    call?: CallOptions,
  ): Promise<Delivery[]>;
  /**
   * A workspace's event handlers and their state
   *
   * The handlers of the configuration’s `events` key, whether each signs, and whether a 410 disabled it.
   *
   * `GET /api/v1/workspaces/{id}/event-handlers/` (`api_v1_workspaces_event_handlers_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesEventHandlersRetrieve(
    params: ApiV1WorkspacesEventHandlersRetrieveParams,
    call?: CallOptions,
  ): Promise<EventHandler[]>;
  /**
   * Make or rotate a webhook handler's signing secret (Workspace Admin)
   *
   * The `whsec_` secret is in this response only. During `grace_seconds` deliveries carry signatures with both the new and the previous secret.
   *
   * `POST /api/v1/workspaces/{id}/event-handlers/{name}/secret/` (`api_v1_workspaces_event_handlers_secret_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesEventHandlersSecretCreate(
    params: ApiV1WorkspacesEventHandlersSecretCreateParams,
    call?: CallOptions,
  ): Promise<HandlerSecret>;
  /**
   * Enable a handler a 410 answer disabled (Workspace Admin)
   *
   * Later events are delivered to the handler again; the events it missed are redelivered by hand (…/redeliver/).
   *
   * `POST /api/v1/workspaces/{id}/event-handlers/{name}/enable/` (`api_v1_workspaces_event_handlers_enable_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1WorkspacesEventHandlersEnableCreate(
    params: ApiV1WorkspacesEventHandlersEnableCreateParams,
    call?: CallOptions,
  ): Promise<EventHandler>;
  /**
   * List monitoring agents
   *
   * The agents the caller may see, by name; filter by `organization` or `workspace`; archived ones with `archived=true`.
   *
   * `GET /api/v1/agents/` (`api_v1_agents_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1AgentsList(params?: ApiV1AgentsListParams, call?: CallOptions): Promise<PaginatedAgentList>;
  /**
   * Create a monitoring agent; its token is shown once
   *
   * A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces (Workspace Admin). The answer carries its `pla_` token once: it reaches the agent endpoints and nothing else. Needs a person signed in (403 `interactive_login_required` with an API key). 409 `agent_name_taken`.
   *
   * `POST /api/v1/agents/` (`api_v1_agents_create`).
   * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1AgentsCreate(params: ApiV1AgentsCreateParams, call?: CallOptions): Promise<AgentWithToken>;
  /**
   * A monitoring agent, with its last health report
   *
   * The agent with what its last health report said (status, version, uptime) and its newest token's prefix, never a token.
   *
   * `GET /api/v1/agents/{id}/` (`api_v1_agents_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1AgentsRetrieve(params: ApiV1AgentsRetrieveParams, call?: CallOptions): Promise<Agent>;
  /**
   * Rename a monitoring agent, or change its location or description
   *
   * A new name, location or description. A new location changes which endpoints it is assigned. 409 `agent_name_taken`.
   *
   * `PATCH /api/v1/agents/{id}/` (`api_v1_agents_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1AgentsPartialUpdate(params: ApiV1AgentsPartialUpdateParams, call?: CallOptions): Promise<Agent>;
  /**
   * Delete a monitoring agent and its tokens
   *
   * The agent and its tokens; its stored results age out with the retention. An Org Admin (a Workspace Admin for a workspace's agent).
   *
   * `DELETE /api/v1/agents/{id}/` (`api_v1_agents_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1AgentsDestroy(params: ApiV1AgentsDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * Archive a monitoring agent: its tokens stop working, its history stays
   *
   * Its tokens stop working at once; its results, figures and alerts stay. An Org Admin (a Workspace Admin for a workspace's agent).
   *
   * `POST /api/v1/agents/{id}/archive/` (`api_v1_agents_archive_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1AgentsArchiveCreate(params: ApiV1AgentsArchiveCreateParams, call?: CallOptions): Promise<Agent>;
  /**
   * Give a monitoring agent a new token; the old ones end after a grace period
   *
   * The new token is shown once. The tokens the agent had keep working for `grace_seconds` (default 3600). Needs a person signed in. 409 `agent_archived` for an archived agent.
   *
   * `POST /api/v1/agents/{id}/rotate-token/` (`api_v1_agents_rotate_token_create`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1AgentsRotateTokenCreate(
    params: ApiV1AgentsRotateTokenCreateParams,
    call?: CallOptions,
  ): Promise<AgentWithToken>;
  /**
   * List the endpoints the agents check
   *
   * The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.
   *
   * `GET /api/v1/endpoints/` (`api_v1_endpoints_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1EndpointsList(
    params?: ApiV1EndpointsListParams,
    call?: CallOptions,
  ): Promise<PaginatedCheckEndpointList>;
  /**
   * Add an endpoint for the agents to check
   *
   * An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which locations, and the labels and annotations of its alerts. Header values are write-only. 409 `endpoint_name_taken`.
   *
   * `POST /api/v1/endpoints/` (`api_v1_endpoints_create`).
   * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1EndpointsCreate(params: ApiV1EndpointsCreateParams, call?: CallOptions): Promise<CheckEndpoint>;
  /**
   * An endpoint the agents check
   *
   * An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.
   *
   * `GET /api/v1/endpoints/{id}/` (`api_v1_endpoints_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1EndpointsRetrieve(params: ApiV1EndpointsRetrieveParams, call?: CallOptions): Promise<CheckEndpoint>;
  /**
   * Change an endpoint the agents check
   *
   * The fields given replace the endpoint's; the kind's settings object as a whole. A header value sent back as `[redacted]` keeps the value it has.
   *
   * `PATCH /api/v1/endpoints/{id}/` (`api_v1_endpoints_partial_update`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1EndpointsPartialUpdate(
    params: ApiV1EndpointsPartialUpdateParams,
    call?: CallOptions,
  ): Promise<CheckEndpoint>;
  /**
   * Stop checking an endpoint and delete it
   *
   * Stops checking it; its alerts resolve. Its stored results and figures age out with the retention.
   *
   * `DELETE /api/v1/endpoints/{id}/` (`api_v1_endpoints_destroy`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1EndpointsDestroy(params: ApiV1EndpointsDestroyParams, call?: CallOptions): Promise<void>;
  /**
   * An endpoint's uptime, reachability and latency percentiles
   *
   * Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series of up to 60 points. Uptime: the share of check periods with at least one success; reachability: the share of successful checks.
   *
   * `GET /api/v1/endpoints/{id}/stats/` (`api_v1_endpoints_stats_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1EndpointsStatsRetrieve(
    params: ApiV1EndpointsStatsRetrieveParams,
    call?: CallOptions,
  ): Promise<CheckEndpointStats>;
  /**
   * List alerts, newest first
   *
   * Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`, `acknowledged` or `endpoint`.
   *
   * `GET /api/v1/alerts/` (`api_v1_alerts_list`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1AlertsList(params?: ApiV1AlertsListParams, call?: CallOptions): Promise<PaginatedAlertList>;
  /**
   * An alert, with its acknowledgements
   *
   * One firing of an alert: its labels, annotations, times, and every acknowledgement of it.
   *
   * `GET /api/v1/alerts/{id}/` (`api_v1_alerts_retrieve`).
   * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
   */
  apiV1AlertsRetrieve(params: ApiV1AlertsRetrieveParams, call?: CallOptions): Promise<AlertDetail>;
  /**
   * Acknowledge this firing of an alert, with a comment
   *
   * Binds to this firing only: it ends by itself when the alert resolves, so a later failure is a new alert that notifies again; `until` ends it earlier. Mirrored as a silence of this firing when an Alertmanager is configured, and that silence is ended with it. 409 `alert_resolved` when the alert has resolved.
   *
   * `POST /api/v1/alerts/{id}/acknowledge/` (`api_v1_alerts_acknowledge_create`).
   * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1AlertsAcknowledgeCreate(
    params: ApiV1AlertsAcknowledgeCreateParams,
    call?: CallOptions,
  ): Promise<AlertDetail>;
  /**
   * Withdraw the acknowledgement of an alert
   *
   * Ends the acknowledgement in force (its Alertmanager silence too): the alert notifies again where it is forwarded.
   *
   * `POST /api/v1/alerts/{id}/unacknowledge/` (`api_v1_alerts_unacknowledge_create`).
   * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
   */
  apiV1AlertsUnacknowledgeCreate(
    params: ApiV1AlertsUnacknowledgeCreateParams,
    call?: CallOptions,
  ): Promise<AlertDetail>;
  /**
   * An agent's assignments: the endpoints it checks
   *
   * For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-Match` and get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403 `agent_mismatch`).
   *
   * `GET /api/v1/agent/endpoints/` (`api_v1_agent_endpoints_retrieve`).
   * @throws {ApiError} 304, 401, 403, 503: the API's error body is `error.body`.
   */
  apiV1AgentEndpointsRetrieve(
    params?: ApiV1AgentEndpointsRetrieveParams,
    call?: CallOptions,
  ): Promise<AgentAssignments>;
  /**
   * Report a batch of check results (idempotent by result_id)
   *
   * For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again is stored once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and does not fail the others.
   *
   * `POST /api/v1/agent/results/` (`api_v1_agent_results_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1AgentResultsCreate(
    params: ApiV1AgentResultsCreateParams,
    call?: CallOptions,
  ): Promise<CheckResultOutcome>;
  /**
   * An agent's health report
   *
   * For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored as `POST /api/v1/agent/results/` would. Never creates an agent: the token names it.
   *
   * `POST /api/v1/agent/health/` (`api_v1_agent_health_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1AgentHealthCreate(
    params: ApiV1AgentHealthCreateParams,
    call?: CallOptions,
  ): Promise<AgentHealthAnswer>;
  /**
   * An agent's error report
   *
   * For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.
   *
   * `POST /api/v1/agent/errors/` (`api_v1_agent_errors_create`).
   * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
   */
  apiV1AgentErrorsCreate(params: ApiV1AgentErrorsCreateParams, call?: CallOptions): Promise<AgentErrorAnswer>;
}

/** The operations over one way of sending: the global configuration, or an instance. */
function bindOperations(send: Client['request']): PlinthClient {
  return {
    apiV1SchemaRetrieve: (params = {}, call) =>
      send<Record<string, unknown> | string>(
        { method: 'GET', path: '/api/v1/schema/', query: { format: params.format }, responseType: 'json' },
        call,
      ),
    apiLoginCreate: (params, call) =>
      send<LoginResponse>(
        { method: 'POST', path: '/api/login/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiLoginOidcCreate: (params, call) =>
      send<LoginResponse>(
        { method: 'POST', path: '/api/login/oidc/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiLoginProvidersRetrieve: (params = {}, call) =>
      send<SsoProviders>(
        { method: 'GET', path: '/api/login/providers/', query: { name: params.name }, responseType: 'json' },
        call,
      ),
    apiLogoutCreate: (_params, call) =>
      send<void>({ method: 'POST', path: '/api/logout/', responseType: 'none' }, call),
    apiV1UsersList: (params = {}, call) =>
      send<PaginatedUserList>(
        {
          method: 'GET',
          path: '/api/v1/users/',
          query: { page: params.page, page_size: params.pageSize },
          responseType: 'json',
        },
        call,
      ),
    apiV1UsersCreate: (params, call) =>
      send<User>(
        { method: 'POST', path: '/api/v1/users/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1UsersMeRetrieve: (_params, call) =>
      send<User>({ method: 'GET', path: '/api/v1/users/me/', responseType: 'json' }, call),
    apiV1UsersRetrieve: (params, call) =>
      send<User>(
        { method: 'GET', path: '/api/v1/users/{id}/', pathParams: { id: params.id }, responseType: 'json' },
        call,
      ),
    apiV1UsersPartialUpdate: (params, call) =>
      send<User>(
        {
          method: 'PATCH',
          path: '/api/v1/users/{id}/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1UsersSsoRetrieve: (params, call) =>
      send<UserSso>(
        {
          method: 'GET',
          path: '/api/v1/users/{id}/sso/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1UsersIdentitiesCreate: (params, call) =>
      send<Identity>(
        {
          method: 'POST',
          path: '/api/v1/users/{id}/identities/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1UsersSessionsDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/users/{id}/sessions/',
          pathParams: { id: params.id },
          responseType: 'none',
        },
        call,
      ),
    apiV1OrganizationsList: (params = {}, call) =>
      send<PaginatedOrganizationList>(
        {
          method: 'GET',
          path: '/api/v1/organizations/',
          query: { page: params.page, page_size: params.pageSize },
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsCreate: (params, call) =>
      send<Organization>(
        { method: 'POST', path: '/api/v1/organizations/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1OrganizationsRetrieve: (params, call) =>
      send<Organization>(
        {
          method: 'GET',
          path: '/api/v1/organizations/{id}/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsPartialUpdate: (params, call) =>
      send<Organization>(
        {
          method: 'PATCH',
          path: '/api/v1/organizations/{id}/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/organizations/{id}/',
          pathParams: { id: params.id },
          responseType: 'none',
        },
        call,
      ),
    apiV1WorkspacesList: (params = {}, call) =>
      send<PaginatedWorkspaceList>(
        {
          method: 'GET',
          path: '/api/v1/workspaces/',
          query: { page: params.page, page_size: params.pageSize, organization: params.organization },
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesCreate: (params, call) =>
      send<Workspace>(
        { method: 'POST', path: '/api/v1/workspaces/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1WorkspacesRetrieve: (params, call) =>
      send<Workspace>(
        {
          method: 'GET',
          path: '/api/v1/workspaces/{id}/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesPartialUpdate: (params, call) =>
      send<Workspace>(
        {
          method: 'PATCH',
          path: '/api/v1/workspaces/{id}/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/workspaces/{id}/',
          pathParams: { id: params.id },
          responseType: 'none',
        },
        call,
      ),
    apiV1OrganizationsMembersList: (params, call) =>
      send<PaginatedMemberList>(
        {
          method: 'GET',
          path: '/api/v1/organizations/{id}/members/',
          pathParams: { id: params.id },
          query: { page: params.page, page_size: params.pageSize },
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsMembersCreate: (params, call) =>
      send<Member>(
        {
          method: 'POST',
          path: '/api/v1/organizations/{id}/members/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesMembersList: (params, call) =>
      send<PaginatedMemberList>(
        {
          method: 'GET',
          path: '/api/v1/workspaces/{id}/members/',
          pathParams: { id: params.id },
          query: { page: params.page, page_size: params.pageSize },
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesMembersCreate: (params, call) =>
      send<Member>(
        {
          method: 'POST',
          path: '/api/v1/workspaces/{id}/members/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsMembersPartialUpdate: (params, call) =>
      send<Member>(
        {
          method: 'PATCH',
          path: '/api/v1/organizations/{id}/members/{user_id}/',
          pathParams: { id: params.id, user_id: params.userId },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsMembersDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/organizations/{id}/members/{user_id}/',
          pathParams: { id: params.id, user_id: params.userId },
          responseType: 'none',
        },
        call,
      ),
    apiV1WorkspacesMembersPartialUpdate: (params, call) =>
      send<Member>(
        {
          method: 'PATCH',
          path: '/api/v1/workspaces/{id}/members/{user_id}/',
          pathParams: { id: params.id, user_id: params.userId },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesMembersDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/workspaces/{id}/members/{user_id}/',
          pathParams: { id: params.id, user_id: params.userId },
          responseType: 'none',
        },
        call,
      ),
    apiV1UsersMeApiKeysList: (params = {}, call) =>
      send<PaginatedApiKeyList>(
        {
          method: 'GET',
          path: '/api/v1/users/me/api-keys/',
          query: { page: params.page, page_size: params.pageSize },
          responseType: 'json',
        },
        call,
      ),
    apiV1UsersMeApiKeysCreate: (params, call) =>
      send<CreatedApiKey>(
        {
          method: 'POST',
          path: '/api/v1/users/me/api-keys/',
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1UsersMeApiKeysDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/users/me/api-keys/{key_id}/',
          pathParams: { key_id: params.keyId },
          responseType: 'none',
        },
        call,
      ),
    apiV1OrganizationsApiKeysList: (params, call) =>
      send<PaginatedApiKeyList>(
        {
          method: 'GET',
          path: '/api/v1/organizations/{id}/api-keys/',
          pathParams: { id: params.id },
          query: { page: params.page, page_size: params.pageSize },
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsApiKeysCreate: (params, call) =>
      send<CreatedApiKey>(
        {
          method: 'POST',
          path: '/api/v1/organizations/{id}/api-keys/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1OrganizationsApiKeysDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/organizations/{id}/api-keys/{key_id}/',
          pathParams: { id: params.id, key_id: params.keyId },
          responseType: 'none',
        },
        call,
      ),
    apiV1SystemApiKeysList: (params = {}, call) =>
      send<PaginatedApiKeyList>(
        {
          method: 'GET',
          path: '/api/v1/system-api-keys/',
          query: { page: params.page, page_size: params.pageSize },
          responseType: 'json',
        },
        call,
      ),
    apiV1SystemApiKeysCreate: (params, call) =>
      send<CreatedApiKey>(
        { method: 'POST', path: '/api/v1/system-api-keys/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1SystemApiKeysDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/system-api-keys/{key_id}/',
          pathParams: { key_id: params.keyId },
          responseType: 'none',
        },
        call,
      ),
    apiV1AuditLogList: (params = {}, call) =>
      send<PaginatedAuditEntryList>(
        {
          method: 'GET',
          path: '/api/v1/audit-log/',
          query: {
            page: params.page,
            page_size: params.pageSize,
            event: params.event,
            actor: params.actor,
            organization: params.organization,
            since: params.since,
            until: params.until,
            exclude_event: params.excludeEvent,
          },
          responseType: 'json',
        },
        call,
      ),
    apiV1AuditLogExportRetrieve: (params = {}, call) =>
      send<string>(
        {
          method: 'GET',
          path: '/api/v1/audit-log/export/',
          query: {
            event: params.event,
            actor: params.actor,
            organization: params.organization,
            since: params.since,
            until: params.until,
            exclude_event: params.excludeEvent,
          },
          responseType: 'text',
        },
        call,
      ),
    apiV1S3BucketsList: (params = {}, call) =>
      send<PaginatedBucketList>(
        {
          method: 'GET',
          path: '/api/v1/s3/buckets/',
          query: {
            page: params.page,
            page_size: params.pageSize,
            organization: params.organization,
            workspace: params.workspace,
            region: params.region,
            owner_uid: params.ownerUid,
          },
          responseType: 'json',
        },
        call,
      ),
    apiV1S3BucketsCreate: (params, call) =>
      send<CreatedBucket>(
        { method: 'POST', path: '/api/v1/s3/buckets/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1S3BucketsImportCreate: (params, call) =>
      send<CreatedBucket>(
        {
          method: 'POST',
          path: '/api/v1/s3/buckets/import/',
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1S3BucketsRetrieve: (params, call) =>
      send<Bucket>(
        {
          method: 'GET',
          path: '/api/v1/s3/buckets/{id}/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1S3BucketsPartialUpdate: (params, call) =>
      send<Bucket>(
        {
          method: 'PATCH',
          path: '/api/v1/s3/buckets/{id}/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1S3BucketsDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/s3/buckets/{id}/',
          pathParams: { id: params.id },
          responseType: 'none',
        },
        call,
      ),
    apiV1S3BucketsCredentialsRetrieve: (params, call) =>
      send<BucketCredentials>(
        {
          method: 'GET',
          path: '/api/v1/s3/buckets/{id}/credentials/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1S3BucketsRotateCredentialsCreate: (params, call) =>
      send<RotatedCredentials>(
        {
          method: 'POST',
          path: '/api/v1/s3/buckets/{id}/rotate-credentials/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1S3BucketsHealthRetrieve: (params, call) =>
      send<BucketHealth>(
        {
          method: 'GET',
          path: '/api/v1/s3/buckets/{id}/health/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1S3BucketsObjectsUploadUrlCreate: (params, call) =>
      send<UploadUrl>(
        {
          method: 'POST',
          path: '/api/v1/s3/buckets/{id}/objects/upload-url/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1S3RegionsRetrieve: (_params, call) =>
      send<RegionList>({ method: 'GET', path: '/api/v1/s3/regions/', responseType: 'json' }, call),
    apiV1ActionRunsList: (params = {}, call) =>
      send<PaginatedActionRunList>(
        {
          method: 'GET',
          path: '/api/v1/action-runs/',
          query: {
            page: params.page,
            page_size: params.pageSize,
            workspace: params.workspace,
            status: params.status,
            workflow_run: params.workflowRun,
          },
          responseType: 'json',
        },
        call,
      ),
    apiV1ActionRunsCreate: (params, call) =>
      send<ActionRun>(
        { method: 'POST', path: '/api/v1/action-runs/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1ActionRunsRetrieve: (params, call) =>
      send<ActionRun>(
        {
          method: 'GET',
          path: '/api/v1/action-runs/{id}/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1ActionRunsFinishCreate: (params, call) =>
      send<ActionRun>(
        {
          method: 'POST',
          path: '/api/v1/action-runs/{id}/finish/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1ActionRunsCancelCreate: (params, call) =>
      send<ActionRun>(
        {
          method: 'POST',
          path: '/api/v1/action-runs/{id}/cancel/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1ActionRunsEventsRetrieve: (params, call) =>
      send<Event[]>(
        {
          method: 'GET',
          path: '/api/v1/action-runs/{id}/events/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1ActionRunsOutputRetrieve: (params, call) =>
      send<string>(
        {
          method: 'GET',
          path: '/api/v1/action-runs/{id}/output/',
          pathParams: { id: params.id },
          query: { follow: params.follow },
          responseType: 'text',
        },
        call,
      ),
    apiV1EventsList: (params = {}, call) =>
      send<PaginatedEventList>(
        {
          method: 'GET',
          path: '/api/v1/events/',
          query: {
            page: params.page,
            page_size: params.pageSize,
            workspace: params.workspace,
            level: params.level,
          },
          responseType: 'json',
        },
        call,
      ),
    apiV1EventsRetrieve: (params, call) =>
      send<Event>(
        { method: 'GET', path: '/api/v1/events/{id}/', pathParams: { id: params.id }, responseType: 'json' },
        call,
      ),
    apiV1EventsDeliveriesRetrieve: (params, call) =>
      send<Delivery[]>(
        {
          method: 'GET',
          path: '/api/v1/events/{id}/deliveries/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1EventsRedeliverCreate: (params, call) =>
      send<Delivery[]>(
        {
          method: 'POST',
          path: '/api/v1/events/{id}/redeliver/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesEventHandlersRetrieve: (params, call) =>
      send<EventHandler[]>(
        {
          method: 'GET',
          path: '/api/v1/workspaces/{id}/event-handlers/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesEventHandlersSecretCreate: (params, call) =>
      send<HandlerSecret>(
        {
          method: 'POST',
          path: '/api/v1/workspaces/{id}/event-handlers/{name}/secret/',
          pathParams: { id: params.id, name: params.name },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1WorkspacesEventHandlersEnableCreate: (params, call) =>
      send<EventHandler>(
        {
          method: 'POST',
          path: '/api/v1/workspaces/{id}/event-handlers/{name}/enable/',
          pathParams: { id: params.id, name: params.name },
          responseType: 'json',
        },
        call,
      ),
    apiV1AgentsList: (params = {}, call) =>
      send<PaginatedAgentList>(
        {
          method: 'GET',
          path: '/api/v1/agents/',
          query: {
            page: params.page,
            page_size: params.pageSize,
            organization: params.organization,
            workspace: params.workspace,
            archived: params.archived,
          },
          responseType: 'json',
        },
        call,
      ),
    apiV1AgentsCreate: (params, call) =>
      send<AgentWithToken>(
        { method: 'POST', path: '/api/v1/agents/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1AgentsRetrieve: (params, call) =>
      send<Agent>(
        { method: 'GET', path: '/api/v1/agents/{id}/', pathParams: { id: params.id }, responseType: 'json' },
        call,
      ),
    apiV1AgentsPartialUpdate: (params, call) =>
      send<Agent>(
        {
          method: 'PATCH',
          path: '/api/v1/agents/{id}/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1AgentsDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/agents/{id}/',
          pathParams: { id: params.id },
          responseType: 'none',
        },
        call,
      ),
    apiV1AgentsArchiveCreate: (params, call) =>
      send<Agent>(
        {
          method: 'POST',
          path: '/api/v1/agents/{id}/archive/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1AgentsRotateTokenCreate: (params, call) =>
      send<AgentWithToken>(
        {
          method: 'POST',
          path: '/api/v1/agents/{id}/rotate-token/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1EndpointsList: (params = {}, call) =>
      send<PaginatedCheckEndpointList>(
        {
          method: 'GET',
          path: '/api/v1/endpoints/',
          query: { page: params.page, page_size: params.pageSize, workspace: params.workspace },
          responseType: 'json',
        },
        call,
      ),
    apiV1EndpointsCreate: (params, call) =>
      send<CheckEndpoint>(
        { method: 'POST', path: '/api/v1/endpoints/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1EndpointsRetrieve: (params, call) =>
      send<CheckEndpoint>(
        {
          method: 'GET',
          path: '/api/v1/endpoints/{id}/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1EndpointsPartialUpdate: (params, call) =>
      send<CheckEndpoint>(
        {
          method: 'PATCH',
          path: '/api/v1/endpoints/{id}/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1EndpointsDestroy: (params, call) =>
      send<void>(
        {
          method: 'DELETE',
          path: '/api/v1/endpoints/{id}/',
          pathParams: { id: params.id },
          responseType: 'none',
        },
        call,
      ),
    apiV1EndpointsStatsRetrieve: (params, call) =>
      send<CheckEndpointStats>(
        {
          method: 'GET',
          path: '/api/v1/endpoints/{id}/stats/',
          pathParams: { id: params.id },
          query: { window: params.window },
          responseType: 'json',
        },
        call,
      ),
    apiV1AlertsList: (params = {}, call) =>
      send<PaginatedAlertList>(
        {
          method: 'GET',
          path: '/api/v1/alerts/',
          query: {
            page: params.page,
            page_size: params.pageSize,
            organization: params.organization,
            workspace: params.workspace,
            state: params.state,
            acknowledged: params.acknowledged,
            endpoint: params.endpoint,
          },
          responseType: 'json',
        },
        call,
      ),
    apiV1AlertsRetrieve: (params, call) =>
      send<AlertDetail>(
        { method: 'GET', path: '/api/v1/alerts/{id}/', pathParams: { id: params.id }, responseType: 'json' },
        call,
      ),
    apiV1AlertsAcknowledgeCreate: (params, call) =>
      send<AlertDetail>(
        {
          method: 'POST',
          path: '/api/v1/alerts/{id}/acknowledge/',
          pathParams: { id: params.id },
          body: params.requestBody,
          responseType: 'json',
        },
        call,
      ),
    apiV1AlertsUnacknowledgeCreate: (params, call) =>
      send<AlertDetail>(
        {
          method: 'POST',
          path: '/api/v1/alerts/{id}/unacknowledge/',
          pathParams: { id: params.id },
          responseType: 'json',
        },
        call,
      ),
    apiV1AgentEndpointsRetrieve: (params = {}, call) =>
      send<AgentAssignments>(
        {
          method: 'GET',
          path: '/api/v1/agent/endpoints/',
          headers: { 'if-none-match': params.ifNoneMatch, 'x-agent-id': params.xAgentId },
          responseType: 'json',
        },
        call,
      ),
    apiV1AgentResultsCreate: (params, call) =>
      send<CheckResultOutcome>(
        { method: 'POST', path: '/api/v1/agent/results/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1AgentHealthCreate: (params, call) =>
      send<AgentHealthAnswer>(
        { method: 'POST', path: '/api/v1/agent/health/', body: params.requestBody, responseType: 'json' },
        call,
      ),
    apiV1AgentErrorsCreate: (params, call) =>
      send<AgentErrorAnswer>(
        { method: 'POST', path: '/api/v1/agent/errors/', body: params.requestBody, responseType: 'json' },
        call,
      ),
  };
}

/** The functions below send with the global configuration (`OpenAPI`). */
const globalOperations = bindOperations(request);

/**
 * A client with a configuration of its own (base URL, token or token function, fetch, deadline,
 * retries, hooks), whose methods are the operations; the global `OpenAPI` is neither read nor changed.
 */
export function createPlinthClient(options: ClientOptions): PlinthClient {
  return bindOperations(createClient(options).request);
}

export interface ApiV1SchemaRetrieveParams {
  /**
   * `json` (when absent) or `yaml`.
   */
  format?: 'json' | 'yaml';
}
/**
 * The live OpenAPI 3.1 description of this API
 *
 * The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.
 *
 * `GET /api/v1/schema/` (`api_v1_schema_retrieve`).
 * @throws {ApiError} 400, 503: the API's error body is `error.body`.
 */
export function apiV1SchemaRetrieve(
  params: ApiV1SchemaRetrieveParams = {},
  call?: CallOptions,
): Promise<Record<string, unknown> | string> {
  return globalOperations.apiV1SchemaRetrieve(params, call);
}

export interface ApiLoginCreateParams {
  /**
   * The request body.
   */
  requestBody: LoginRequest;
}
/**
 * Exchange a username and password for a short-lived bearer token
 *
 * For local users. The token authenticates like an API key until `expires_at`, and may also create and revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).
 *
 * `POST /api/login/` (`api_login_create`).
 * @throws {ApiError} 400, 401, 413, 415, 429, 503: the API's error body is `error.body`.
 */
export function apiLoginCreate(params: ApiLoginCreateParams, call?: CallOptions): Promise<LoginResponse> {
  return globalOperations.apiLoginCreate(params, call);
}

export interface ApiLoginOidcCreateParams {
  /**
   * The request body.
   */
  requestBody: IdTokenLogin;
}
/**
 * Exchange an identity provider's ID token for a short-lived bearer token
 *
 * The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's `cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the access token for userinfo. The token is verified against the provider's keys: an ID token (JOSE `typ` absent or `JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present), with `sub`, `exp` and `iat`, at most 5 minutes old, and accepted once. The user is found by their identity (or created, when the provider allows sign-up), their groups (from the ID token, else userinfo) are synced, and the answer is a login token as from `POST /api/login/`. 401 `authentication_failed` for an invalid or reused token, an unknown user with sign-up off, or a deactivated user (audited as `sso.login_failed` with the reason).
 *
 * `POST /api/login/oidc/` (`api_login_oidc_create`).
 * @throws {ApiError} 400, 401, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiLoginOidcCreate(
  params: ApiLoginOidcCreateParams,
  call?: CallOptions,
): Promise<LoginResponse> {
  return globalOperations.apiLoginOidcCreate(params, call);
}

export interface ApiLoginProvidersRetrieveParams {
  /**
   * Only the provider of this name.
   */
  name?: string;
}
/**
 * The single sign-on providers
 *
 * What a client needs to sign in through SSO: for each configured provider, its issuer, where a browser starts, and the public client the command line uses with the device authorization grant (docs/sso.md). An empty list when SSO is not configured. With `name`, that provider alone (404 when there is none of that name), as `plinth login --provider <name>` asks.
 *
 * `GET /api/login/providers/` (`api_login_providers_retrieve`).
 * @throws {ApiError} 400, 404, 503: the API's error body is `error.body`.
 */
export function apiLoginProvidersRetrieve(
  params: ApiLoginProvidersRetrieveParams = {},
  call?: CallOptions,
): Promise<SsoProviders> {
  return globalOperations.apiLoginProvidersRetrieve(params, call);
}

/**
 * Sign out the login token in the Authorization header
 *
 * Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST /api/login/oidc/`): from now on every replica refuses it with 401 `token_revoked`, as if it had expired. Recorded as `session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009), a token that is already expired, signed out or invalid, or none at all, gives 204 too: there is nothing left to end. An API key is 400 `not_a_login_token`: revoke it with `DELETE …/api-keys/{id}/`. A header that is not `Bearer <token>` is 401, as on every route.
 *
 * `POST /api/logout/` (`api_logout_create`).
 * @throws {ApiError} 400, 401, 413, 503: the API's error body is `error.body`.
 */
export function apiLogoutCreate(params: Record<string, never> = {}, call?: CallOptions): Promise<void> {
  return globalOperations.apiLogoutCreate(params, call);
}

export interface ApiV1UsersListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
}
/**
 * List users (Super Admin)
 *
 * Every user, ordered by username. Super Admins only.
 *
 * `GET /api/v1/users/` (`api_v1_users_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1UsersList(
  params: ApiV1UsersListParams = {},
  call?: CallOptions,
): Promise<PaginatedUserList> {
  return globalOperations.apiV1UsersList(params, call);
}

export interface ApiV1UsersCreateParams {
  /**
   * The request body.
   */
  requestBody: UserCreate;
}
/**
 * Create a user (Super Admin)
 *
 * A local user, with a password for `POST /api/login/`, or without one for users who sign in through SSO only. 400 `unique` when the username is taken. A password or `is_superuser: true` needs a person signed in: 403 `interactive_login_required` with an API key.
 *
 * `POST /api/v1/users/` (`api_v1_users_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1UsersCreate(params: ApiV1UsersCreateParams, call?: CallOptions): Promise<User> {
  return globalOperations.apiV1UsersCreate(params, call);
}

/**
 * The user the token belongs to
 *
 * Who the bearer token belongs to. For an organization or system key, 403 `no_user`: such keys act for no user.
 *
 * `GET /api/v1/users/me/` (`api_v1_users_me_retrieve`).
 * @throws {ApiError} 401, 403, 503: the API's error body is `error.body`.
 */
export function apiV1UsersMeRetrieve(params: Record<string, never> = {}, call?: CallOptions): Promise<User> {
  return globalOperations.apiV1UsersMeRetrieve(params, call);
}

export interface ApiV1UsersRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * A user (yourself, or anyone for a Super Admin)
 *
 * Anyone may read their own user; a Super Admin may read any. Others get 404, as for a user that does not exist.
 *
 * `GET /api/v1/users/{id}/` (`api_v1_users_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1UsersRetrieve(params: ApiV1UsersRetrieveParams, call?: CallOptions): Promise<User> {
  return globalOperations.apiV1UsersRetrieve(params, call);
}

export interface ApiV1UsersPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: UserUpdate;
}
/**
 * Update or deactivate a user (Super Admin)
 *
 * Change a user's fields; `is_active: false` deactivates the user, so their logins and keys stop working. A Super Admin cannot take away their own Super Admin or deactivate themselves (409 `self_lockout`). A password, `is_superuser: true` and reactivating a user need a person signed in: 403 `interactive_login_required` with an API key.
 *
 * `PATCH /api/v1/users/{id}/` (`api_v1_users_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1UsersPartialUpdate(
  params: ApiV1UsersPartialUpdateParams,
  call?: CallOptions,
): Promise<User> {
  return globalOperations.apiV1UsersPartialUpdate(params, call);
}

export interface ApiV1UsersSsoRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * A user's single sign-on identities and last claims (Super Admin)
 *
 * For support when a user's groups do not arrive or map to the wrong roles: each identity of the user at an identity provider, with the claims and groups it last brought, what those groups map to (and whether the organizations exist), and what the last group sync could not do. Super Admins only.
 *
 * `GET /api/v1/users/{id}/sso/` (`api_v1_users_sso_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1UsersSsoRetrieve(
  params: ApiV1UsersSsoRetrieveParams,
  call?: CallOptions,
): Promise<UserSso> {
  return globalOperations.apiV1UsersSsoRetrieve(params, call);
}

export interface ApiV1UsersIdentitiesCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: IdentityLink;
}
/**
 * Link a user to an identity at an identity provider (Super Admin)
 *
 * Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this user, with its memberships and keys, instead of a new user. Users are never matched by e-mail address. 400 `does_not_exist` for an unknown provider, 409 when the identity is linked already. Needs a person signed in: 403 `interactive_login_required` with an API key.
 *
 * `POST /api/v1/users/{id}/identities/` (`api_v1_users_identities_create`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1UsersIdentitiesCreate(
  params: ApiV1UsersIdentitiesCreateParams,
  call?: CallOptions,
): Promise<Identity> {
  return globalOperations.apiV1UsersIdentitiesCreate(params, call);
}

export interface ApiV1UsersSessionsDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * End all of a user's web sessions (Super Admin)
 *
 * Ends every web UI session of the user at once, on every replica (the browser's next request is signed out). Their API keys and login tokens are not affected. Users end their own sessions in the web UI ("Sign out everywhere"). Super Admins only.
 *
 * `DELETE /api/v1/users/{id}/sessions/` (`api_v1_users_sessions_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1UsersSessionsDestroy(
  params: ApiV1UsersSessionsDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1UsersSessionsDestroy(params, call);
}

export interface ApiV1OrganizationsListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
}
/**
 * List the organizations the caller belongs to
 *
 * The organizations the caller is a member of; a Super Admin sees all.
 *
 * `GET /api/v1/organizations/` (`api_v1_organizations_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsList(
  params: ApiV1OrganizationsListParams = {},
  call?: CallOptions,
): Promise<PaginatedOrganizationList> {
  return globalOperations.apiV1OrganizationsList(params, call);
}

export interface ApiV1OrganizationsCreateParams {
  /**
   * The request body.
   */
  requestBody: OrganizationCreate;
}
/**
 * Create an organization (Super Admin)
 *
 * A new, empty organization. 400 `unique` when the slug is taken.
 *
 * `POST /api/v1/organizations/` (`api_v1_organizations_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsCreate(
  params: ApiV1OrganizationsCreateParams,
  call?: CallOptions,
): Promise<Organization> {
  return globalOperations.apiV1OrganizationsCreate(params, call);
}

export interface ApiV1OrganizationsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * An organization
 *
 * One organization. 404 when it does not exist or the caller is not a member.
 *
 * `GET /api/v1/organizations/{id}/` (`api_v1_organizations_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsRetrieve(
  params: ApiV1OrganizationsRetrieveParams,
  call?: CallOptions,
): Promise<Organization> {
  return globalOperations.apiV1OrganizationsRetrieve(params, call);
}

export interface ApiV1OrganizationsPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: OrganizationUpdate;
}
/**
 * Rename an organization (Org Admin); change its slug (Super Admin)
 *
 * An Org Admin may rename the organization; changing its slug (which renames its OIDC groups) takes a Super Admin signed in: 403 `interactive_login_required` with an API key.
 *
 * `PATCH /api/v1/organizations/{id}/` (`api_v1_organizations_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsPartialUpdate(
  params: ApiV1OrganizationsPartialUpdateParams,
  call?: CallOptions,
): Promise<Organization> {
  return globalOperations.apiV1OrganizationsPartialUpdate(params, call);
}

export interface ApiV1OrganizationsDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Delete an empty organization (Super Admin)
 *
 * Deletes an organization that has no workspaces left. 409 `organization_not_empty` otherwise.
 *
 * `DELETE /api/v1/organizations/{id}/` (`api_v1_organizations_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsDestroy(
  params: ApiV1OrganizationsDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1OrganizationsDestroy(params, call);
}

export interface ApiV1WorkspacesListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * Only this organization.
   */
  organization?: string;
}
/**
 * List the workspaces the caller belongs to
 *
 * The workspaces the caller is a member of, directly or through an organization role; a Super Admin sees all. Filter with `organization`.
 *
 * `GET /api/v1/workspaces/` (`api_v1_workspaces_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesList(
  params: ApiV1WorkspacesListParams = {},
  call?: CallOptions,
): Promise<PaginatedWorkspaceList> {
  return globalOperations.apiV1WorkspacesList(params, call);
}

export interface ApiV1WorkspacesCreateParams {
  /**
   * The request body.
   */
  requestBody: WorkspaceCreate;
}
/**
 * Create a workspace in an organization (Org Admin)
 *
 * A new workspace in an organization where the caller is Org Admin (or any, for a Super Admin). 400 `unique` when the organization already has a workspace of that name.
 *
 * `POST /api/v1/workspaces/` (`api_v1_workspaces_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesCreate(
  params: ApiV1WorkspacesCreateParams,
  call?: CallOptions,
): Promise<Workspace> {
  return globalOperations.apiV1WorkspacesCreate(params, call);
}

export interface ApiV1WorkspacesRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * A workspace
 *
 * One workspace with its configuration. 404 when it does not exist or the caller cannot see it.
 *
 * `GET /api/v1/workspaces/{id}/` (`api_v1_workspaces_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesRetrieve(
  params: ApiV1WorkspacesRetrieveParams,
  call?: CallOptions,
): Promise<Workspace> {
  return globalOperations.apiV1WorkspacesRetrieve(params, call);
}

export interface ApiV1WorkspacesPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: WorkspaceUpdate;
}
/**
 * Configure a workspace (Workspace Admin)
 *
 * Rename the workspace or replace its whole `config` object.
 *
 * `PATCH /api/v1/workspaces/{id}/` (`api_v1_workspaces_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesPartialUpdate(
  params: ApiV1WorkspacesPartialUpdateParams,
  call?: CallOptions,
): Promise<Workspace> {
  return globalOperations.apiV1WorkspacesPartialUpdate(params, call);
}

export interface ApiV1WorkspacesDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Delete a workspace without buckets (Org Admin)
 *
 * Deletes the workspace and its memberships. 409 `workspace_not_empty` while it still has buckets: delete them first.
 *
 * `DELETE /api/v1/workspaces/{id}/` (`api_v1_workspaces_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesDestroy(
  params: ApiV1WorkspacesDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1WorkspacesDestroy(params, call);
}

export interface ApiV1OrganizationsMembersListParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
}
/**
 * List the organization's members and their roles
 *
 * The members with their roles, ordered by username. Any member may list them.
 *
 * `GET /api/v1/organizations/{id}/members/` (`api_v1_organizations_members_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsMembersList(
  params: ApiV1OrganizationsMembersListParams,
  call?: CallOptions,
): Promise<PaginatedMemberList> {
  return globalOperations.apiV1OrganizationsMembersList(params, call);
}

export interface ApiV1OrganizationsMembersCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: MemberCreate;
}
/**
 * Add a user, named by username or e-mail address, as a member with a role
 *
 * Name the user by exactly one of `username` and `email`. An unknown and an inactive user get the same 400, so the answer reveals nothing about other users. 400 `unique` when already a member. Needs a person signed in: 403 `interactive_login_required` with an API key.
 *
 * `POST /api/v1/organizations/{id}/members/` (`api_v1_organizations_members_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsMembersCreate(
  params: ApiV1OrganizationsMembersCreateParams,
  call?: CallOptions,
): Promise<Member> {
  return globalOperations.apiV1OrganizationsMembersCreate(params, call);
}

export interface ApiV1WorkspacesMembersListParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
}
/**
 * List the workspace's members and their roles
 *
 * The members with their roles, ordered by username. Any member may list them.
 *
 * `GET /api/v1/workspaces/{id}/members/` (`api_v1_workspaces_members_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesMembersList(
  params: ApiV1WorkspacesMembersListParams,
  call?: CallOptions,
): Promise<PaginatedMemberList> {
  return globalOperations.apiV1WorkspacesMembersList(params, call);
}

export interface ApiV1WorkspacesMembersCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: MemberCreate;
}
/**
 * Add a user, named by username or e-mail address, as a member with a role
 *
 * Name the user by exactly one of `username` and `email`. An unknown and an inactive user get the same 400, so the answer reveals nothing about other users. 400 `unique` when already a member. Needs a person signed in: 403 `interactive_login_required` with an API key.
 *
 * `POST /api/v1/workspaces/{id}/members/` (`api_v1_workspaces_members_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesMembersCreate(
  params: ApiV1WorkspacesMembersCreateParams,
  call?: CallOptions,
): Promise<Member> {
  return globalOperations.apiV1WorkspacesMembersCreate(params, call);
}

export interface ApiV1OrganizationsMembersPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The member's user ID.
   */
  userId: string;
  /**
   * The request body.
   */
  requestBody: MemberUpdate;
}
/**
 * Change a member's role
 *
 * Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403 `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a group-granted role after the person leaves the group).
 *
 * `PATCH /api/v1/organizations/{id}/members/{user_id}/` (`api_v1_organizations_members_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsMembersPartialUpdate(
  params: ApiV1OrganizationsMembersPartialUpdateParams,
  call?: CallOptions,
): Promise<Member> {
  return globalOperations.apiV1OrganizationsMembersPartialUpdate(params, call);
}

export interface ApiV1OrganizationsMembersDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The member's user ID.
   */
  userId: string;
}
/**
 * Remove a member
 *
 * Ends the membership. The user and their other memberships stay.
 *
 * `DELETE /api/v1/organizations/{id}/members/{user_id}/` (`api_v1_organizations_members_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsMembersDestroy(
  params: ApiV1OrganizationsMembersDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1OrganizationsMembersDestroy(params, call);
}

export interface ApiV1WorkspacesMembersPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The member's user ID.
   */
  userId: string;
  /**
   * The request body.
   */
  requestBody: MemberUpdate;
}
/**
 * Change a member's role
 *
 * Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403 `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a group-granted role after the person leaves the group).
 *
 * `PATCH /api/v1/workspaces/{id}/members/{user_id}/` (`api_v1_workspaces_members_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesMembersPartialUpdate(
  params: ApiV1WorkspacesMembersPartialUpdateParams,
  call?: CallOptions,
): Promise<Member> {
  return globalOperations.apiV1WorkspacesMembersPartialUpdate(params, call);
}

export interface ApiV1WorkspacesMembersDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The member's user ID.
   */
  userId: string;
}
/**
 * Remove a member
 *
 * Ends the membership. The user and their other memberships stay.
 *
 * `DELETE /api/v1/workspaces/{id}/members/{user_id}/` (`api_v1_workspaces_members_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesMembersDestroy(
  params: ApiV1WorkspacesMembersDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1WorkspacesMembersDestroy(params, call);
}

export interface ApiV1UsersMeApiKeysListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
}
/**
 * List your user API keys (never their secrets)
 *
 * The keys with their names, scopes, expiry and last use; never a secret.
 *
 * `GET /api/v1/users/me/api-keys/` (`api_v1_users_me_api_keys_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1UsersMeApiKeysList(
  params: ApiV1UsersMeApiKeysListParams = {},
  call?: CallOptions,
): Promise<PaginatedApiKeyList> {
  return globalOperations.apiV1UsersMeApiKeysList(params, call);
}

export interface ApiV1UsersMeApiKeysCreateParams {
  /**
   * The request body.
   */
  requestBody: ApiKeyCreate;
}
/**
 * Create one of the your user API keys; the token is in this response only
 *
 * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
 *
 * `POST /api/v1/users/me/api-keys/` (`api_v1_users_me_api_keys_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1UsersMeApiKeysCreate(
  params: ApiV1UsersMeApiKeysCreateParams,
  call?: CallOptions,
): Promise<CreatedApiKey> {
  return globalOperations.apiV1UsersMeApiKeysCreate(params, call);
}

export interface ApiV1UsersMeApiKeysDestroyParams {
  /**
   * The key's ID.
   */
  keyId: string;
}
/**
 * Revoke a key: it fails from the next request on
 *
 * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
 *
 * `DELETE /api/v1/users/me/api-keys/{key_id}/` (`api_v1_users_me_api_keys_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1UsersMeApiKeysDestroy(
  params: ApiV1UsersMeApiKeysDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1UsersMeApiKeysDestroy(params, call);
}

export interface ApiV1OrganizationsApiKeysListParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
}
/**
 * List the organization's API keys (never their secrets)
 *
 * The keys with their names, scopes, expiry and last use; never a secret.
 *
 * `GET /api/v1/organizations/{id}/api-keys/` (`api_v1_organizations_api_keys_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsApiKeysList(
  params: ApiV1OrganizationsApiKeysListParams,
  call?: CallOptions,
): Promise<PaginatedApiKeyList> {
  return globalOperations.apiV1OrganizationsApiKeysList(params, call);
}

export interface ApiV1OrganizationsApiKeysCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: OrganizationApiKeyCreate;
}
/**
 * Create one of the the organization's API keys; the token is in this response only
 *
 * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
 *
 * `POST /api/v1/organizations/{id}/api-keys/` (`api_v1_organizations_api_keys_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsApiKeysCreate(
  params: ApiV1OrganizationsApiKeysCreateParams,
  call?: CallOptions,
): Promise<CreatedApiKey> {
  return globalOperations.apiV1OrganizationsApiKeysCreate(params, call);
}

export interface ApiV1OrganizationsApiKeysDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The key's ID.
   */
  keyId: string;
}
/**
 * Revoke a key: it fails from the next request on
 *
 * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
 *
 * `DELETE /api/v1/organizations/{id}/api-keys/{key_id}/` (`api_v1_organizations_api_keys_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1OrganizationsApiKeysDestroy(
  params: ApiV1OrganizationsApiKeysDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1OrganizationsApiKeysDestroy(params, call);
}

export interface ApiV1SystemApiKeysListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
}
/**
 * List system API keys (staff) (never their secrets)
 *
 * The keys with their names, scopes, expiry and last use; never a secret.
 *
 * `GET /api/v1/system-api-keys/` (`api_v1_system_api_keys_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1SystemApiKeysList(
  params: ApiV1SystemApiKeysListParams = {},
  call?: CallOptions,
): Promise<PaginatedApiKeyList> {
  return globalOperations.apiV1SystemApiKeysList(params, call);
}

export interface ApiV1SystemApiKeysCreateParams {
  /**
   * The request body.
   */
  requestBody: ApiKeyCreate;
}
/**
 * Create one of the system API keys (staff); the token is in this response only
 *
 * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
 *
 * `POST /api/v1/system-api-keys/` (`api_v1_system_api_keys_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1SystemApiKeysCreate(
  params: ApiV1SystemApiKeysCreateParams,
  call?: CallOptions,
): Promise<CreatedApiKey> {
  return globalOperations.apiV1SystemApiKeysCreate(params, call);
}

export interface ApiV1SystemApiKeysDestroyParams {
  /**
   * The key's ID.
   */
  keyId: string;
}
/**
 * Revoke a key: it fails from the next request on
 *
 * Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.
 *
 * `DELETE /api/v1/system-api-keys/{key_id}/` (`api_v1_system_api_keys_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1SystemApiKeysDestroy(
  params: ApiV1SystemApiKeysDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1SystemApiKeysDestroy(params, call);
}

export interface ApiV1AuditLogListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * Only entries of this kind.
   */
  event?: AuditEvent;
  /**
   * Acting user ID.
   */
  actor?: string;
  /**
   * Only entries concerning this organization.
   */
  organization?: string;
  /**
   * Entries at or after this time.
   */
  since?: string;
  /**
   * Entries before this time.
   */
  until?: string;
  /**
   * Leave out entries of these kinds: event names separated by commas, such as `api_key.used,service_account.used` (routine key use, most of a busy log).
   */
  excludeEvent?: string;
}
/**
 * Security events, newest first (Super Admin: all; Org Admin: their organizations)
 *
 * A page of the audit log, newest first, with filters. Super Admins see every entry; Org Admins the entries of their organizations.
 *
 * `GET /api/v1/audit-log/` (`api_v1_audit_log_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1AuditLogList(
  params: ApiV1AuditLogListParams = {},
  call?: CallOptions,
): Promise<PaginatedAuditEntryList> {
  return globalOperations.apiV1AuditLogList(params, call);
}

export interface ApiV1AuditLogExportRetrieveParams {
  /**
   * Only entries of this kind.
   */
  event?: AuditEvent;
  /**
   * Acting user ID.
   */
  actor?: string;
  /**
   * Only entries concerning this organization.
   */
  organization?: string;
  /**
   * Entries at or after this time.
   */
  since?: string;
  /**
   * Entries before this time.
   */
  until?: string;
  /**
   * Leave out entries of these kinds: event names separated by commas, such as `api_key.used,service_account.used` (routine key use, most of a busy log).
   */
  excludeEvent?: string;
}
/**
 * Every matching entry, oldest first, as NDJSON (one JSON object per line)
 *
 * The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. Same filters and visibility as the list.
 *
 * `GET /api/v1/audit-log/export/` (`api_v1_audit_log_export_retrieve`).
 * The answer is returned as text.
 * @throws {ApiError} 400, 401, 403, 503: the API's error body is `error.body`.
 */
export function apiV1AuditLogExportRetrieve(
  params: ApiV1AuditLogExportRetrieveParams = {},
  call?: CallOptions,
): Promise<string> {
  return globalOperations.apiV1AuditLogExportRetrieve(params, call);
}

export interface ApiV1S3BucketsListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * Only buckets of this organization.
   */
  organization?: string;
  /**
   * Only buckets of this workspace.
   */
  workspace?: string;
  /**
   * Only buckets in this region.
   */
  region?: string;
  /**
   * Only buckets whose owner_reference.uid or created_for.uid is this.
   */
  ownerUid?: string;
}
/**
 * List buckets (occupancy, object count, last usage refresh; never secrets)
 *
 * The buckets in workspaces the caller can see, with their usage as last measured. Filter by organization, workspace, region or owner.
 *
 * `GET /api/v1/s3/buckets/` (`api_v1_s3_buckets_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsList(
  params: ApiV1S3BucketsListParams = {},
  call?: CallOptions,
): Promise<PaginatedBucketList> {
  return globalOperations.apiV1S3BucketsList(params, call);
}

export interface ApiV1S3BucketsCreateParams {
  /**
   * The request body.
   */
  requestBody: BucketCreate;
}
/**
 * Create a bucket with its own access user, or adopt it (same name, same workspace)
 *
 * 201 with the new bucket and its credentials. If Plinth already manages the name in the region for the same organization and workspace, 200 with that bucket; with an owner_reference, only when that object owns it, or it has no owner and was created for that object or released to its namespace (adoptable_by). Anything else: 409 bucket_name_taken. When the storage cluster already has this organization's queue of creations full (PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy` with `Retry-After`: nothing was made; send it again then.
 *
 * `POST /api/v1/s3/buckets/` (`api_v1_s3_buckets_create`).
 * @throws {ApiError} 400, 401, 403, 409, 413, 415, 429, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsCreate(
  params: ApiV1S3BucketsCreateParams,
  call?: CallOptions,
): Promise<CreatedBucket> {
  return globalOperations.apiV1S3BucketsCreate(params, call);
}

export interface ApiV1S3BucketsImportCreateParams {
  /**
   * The request body.
   */
  requestBody: BucketImport;
}
/**
 * Bring a bucket that exists on the cluster without a Plinth record under management (a Super Admin signed in)
 *
 * The bucket keeps its data; it is marked as managed, gets its own access user, and belongs to the workspace given (origin `adopted`). Recorded in the audit log as bucket.imported. 400 (on name) when no such bucket exists on the cluster; 409 bucket_name_taken when Plinth already manages the name.
 *
 * `POST /api/v1/s3/buckets/import/` (`api_v1_s3_buckets_import_create`).
 * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsImportCreate(
  params: ApiV1S3BucketsImportCreateParams,
  call?: CallOptions,
): Promise<CreatedBucket> {
  return globalOperations.apiV1S3BucketsImportCreate(params, call);
}

export interface ApiV1S3BucketsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * A bucket
 *
 * One bucket with its usage; never its secret.
 *
 * `GET /api/v1/s3/buckets/{id}/` (`api_v1_s3_buckets_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsRetrieve(
  params: ApiV1S3BucketsRetrieveParams,
  call?: CallOptions,
): Promise<Bucket> {
  return globalOperations.apiV1S3BucketsRetrieve(params, call);
}

export interface ApiV1S3BucketsPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: BucketUpdate;
}
/**
 * Turn the allow-all CORS rule set on or off, set or drop the owning Kubernetes object, or release the bucket to a namespace
 *
 * Switch CORS for browsers on any origin, or change which Kubernetes object owns the bucket or may adopt it.
 *
 * `PATCH /api/v1/s3/buckets/{id}/` (`api_v1_s3_buckets_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsPartialUpdate(
  params: ApiV1S3BucketsPartialUpdateParams,
  call?: CallOptions,
): Promise<Bucket> {
  return globalOperations.apiV1S3BucketsPartialUpdate(params, call);
}

export interface ApiV1S3BucketsDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Remove the access user and policy, and the bucket if it is empty (else 409; data is never deleted)
 *
 * Deletes an empty bucket and its access user on the cluster. 409 `bucket_not_empty` while it holds objects; the data is never deleted by this call. 429 `storage_busy` with `Retry-After` when the storage cluster already has this organization's queue full; nothing was deleted.
 *
 * `DELETE /api/v1/s3/buckets/{id}/` (`api_v1_s3_buckets_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 429, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsDestroy(
  params: ApiV1S3BucketsDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1S3BucketsDestroy(params, call);
}

export interface ApiV1S3BucketsCredentialsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Reveal the bucket's credentials again (recorded in the audit log)
 *
 * The access key and secret of the bucket's own user, again. Each reveal is recorded in the audit log (`bucket.credentials_revealed`). Needs the right to manage the bucket.
 *
 * `GET /api/v1/s3/buckets/{id}/credentials/` (`api_v1_s3_buckets_credentials_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsCredentialsRetrieve(
  params: ApiV1S3BucketsCredentialsRetrieveParams,
  call?: CallOptions,
): Promise<BucketCredentials> {
  return globalOperations.apiV1S3BucketsCredentialsRetrieve(params, call);
}

export interface ApiV1S3BucketsRotateCredentialsCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody?: CredentialRotation;
}
/**
 * Rotate the bucket's access key; the old one keeps working for a grace period
 *
 * A new access key with the same rights; the old one keeps working for `grace_seconds`, then is removed. The new secret is in this response (and revealable later). Rotating again within a grace period ends the older key at once. With `grace_seconds: 0` the old key is removed before the answer: a 200 means it no longer works; 503 `previous_key_removal_pending` means the new key is in force but the storage cluster has not removed the old one yet (retried in the background). At most 10 rotations per bucket in any hour; beyond, 429 `rotation_rate_limited` with `Retry-After`. Recorded in the audit log (`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the old key is removed). Needs the right to reveal the credentials.
 *
 * `POST /api/v1/s3/buckets/{id}/rotate-credentials/` (`api_v1_s3_buckets_rotate_credentials_create`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 429, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsRotateCredentialsCreate(
  params: ApiV1S3BucketsRotateCredentialsCreateParams,
  call?: CallOptions,
): Promise<RotatedCredentials> {
  return globalOperations.apiV1S3BucketsRotateCredentialsCreate(params, call);
}

export interface ApiV1S3BucketsHealthRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Check that the bucket and its access key still exist on the storage cluster
 *
 * Asks the bucket's storage cluster, now, whether the bucket and its current access user (access key) still exist there: someone may have deleted either on the cluster, behind Plinth’s back. `healthy` is true when both do. Meant for periodic drift checks, such as the Kubernetes operator’s. Needs the right to see the bucket. 409 `bucket_busy` (with `Retry-After`) while the bucket is being created or deleted, or when it changed during the check (a key rotation); 503 `storage_unavailable` when the storage cluster does not answer. Not recorded in the audit log (a read).
 *
 * `GET /api/v1/s3/buckets/{id}/health/` (`api_v1_s3_buckets_health_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsHealthRetrieve(
  params: ApiV1S3BucketsHealthRetrieveParams,
  call?: CallOptions,
): Promise<BucketHealth> {
  return globalOperations.apiV1S3BucketsHealthRetrieve(params, call);
}

export interface ApiV1S3BucketsObjectsUploadUrlCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: UploadUrlRequest;
}
/**
 * A presigned URL to PUT one object, signed with the bucket's own access user
 *
 * The URL stops working when it expires, and when the bucket (so its access user) is deleted.
 *
 * `POST /api/v1/s3/buckets/{id}/objects/upload-url/` (`api_v1_s3_buckets_objects_upload_url_create`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1S3BucketsObjectsUploadUrlCreate(
  params: ApiV1S3BucketsObjectsUploadUrlCreateParams,
  call?: CallOptions,
): Promise<UploadUrl> {
  return globalOperations.apiV1S3BucketsObjectsUploadUrlCreate(params, call);
}

/**
 * Regions with bucket count, occupancy and objects (over the buckets you can see)
 *
 * Every configured region with the number, occupancy and objects of the buckets the caller can see there: the region picker and the per-region totals.
 *
 * `GET /api/v1/s3/regions/` (`api_v1_s3_regions_retrieve`).
 * @throws {ApiError} 401, 403, 503: the API's error body is `error.body`.
 */
export function apiV1S3RegionsRetrieve(
  params: Record<string, never> = {},
  call?: CallOptions,
): Promise<RegionList> {
  return globalOperations.apiV1S3RegionsRetrieve(params, call);
}

export interface ApiV1ActionRunsListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * Only this workspace’s; unset: every workspace the caller may see.
   */
  workspace?: string;
  /**
   * Only runs in this status.
   */
  status?: 'created' | 'running' | 'stopped' | 'failed' | 'killed';
  /**
   * Only the steps of this workflow run.
   */
  workflowRun?: string;
}
/**
 * List a workspace's runs, newest first
 *
 * Runs of one workspace (`workspace`) or of every workspace the caller may see, newest first; filter by `status` or by `workflow_run` for a workflow’s steps.
 *
 * `GET /api/v1/action-runs/` (`api_v1_action_runs_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1ActionRunsList(
  params: ApiV1ActionRunsListParams = {},
  call?: CallOptions,
): Promise<PaginatedActionRunList> {
  return globalOperations.apiV1ActionRunsList(params, call);
}

export interface ApiV1ActionRunsCreateParams {
  /**
   * The request body.
   */
  requestBody: ActionRunStart;
}
/**
 * Run an action or a workflow of the workspace configuration (User)
 *
 * Creates a transaction with a snapshot of the configuration in effect. `run_by: server` (default) queues it for the API’s runner (409 `no_runner` when there is none); `run_by: client` records a run the caller executes and reports with finish. A workflow runs its steps in order, one transaction and one event each.
 *
 * `POST /api/v1/action-runs/` (`api_v1_action_runs_create`).
 * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1ActionRunsCreate(
  params: ApiV1ActionRunsCreateParams,
  call?: CallOptions,
): Promise<ActionRun> {
  return globalOperations.apiV1ActionRunsCreate(params, call);
}

export interface ApiV1ActionRunsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Show a run
 *
 * The run with its status, exit code, who started it and the snapshot’s ID; its output is at …/output/.
 *
 * `GET /api/v1/action-runs/{id}/` (`api_v1_action_runs_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1ActionRunsRetrieve(
  params: ApiV1ActionRunsRetrieveParams,
  call?: CallOptions,
): Promise<ActionRun> {
  return globalOperations.apiV1ActionRunsRetrieve(params, call);
}

export interface ApiV1ActionRunsFinishCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: ActionRunFinish;
}
/**
 * Report how a client’s run ended (its starter)
 *
 * Exit 0 ends it `stopped` (event level Info), anything else `failed` (Error); its event goes to the handlers.
 *
 * `POST /api/v1/action-runs/{id}/finish/` (`api_v1_action_runs_finish_create`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1ActionRunsFinishCreate(
  params: ApiV1ActionRunsFinishCreateParams,
  call?: CallOptions,
): Promise<ActionRun> {
  return globalOperations.apiV1ActionRunsFinishCreate(params, call);
}

export interface ApiV1ActionRunsCancelCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Cancel a run (User)
 *
 * A queued run ends `killed` now; a running one is killed by its runner within about a second.
 *
 * `POST /api/v1/action-runs/{id}/cancel/` (`api_v1_action_runs_cancel_create`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 503: the API's error body is `error.body`.
 */
export function apiV1ActionRunsCancelCreate(
  params: ApiV1ActionRunsCancelCreateParams,
  call?: CallOptions,
): Promise<ActionRun> {
  return globalOperations.apiV1ActionRunsCancelCreate(params, call);
}

export interface ApiV1ActionRunsEventsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * A run's events (one, once it ended)
 *
 * The event the run produced when it ended (none while it runs); each handler’s deliveries are at /api/v1/events/{id}/deliveries/.
 *
 * `GET /api/v1/action-runs/{id}/events/` (`api_v1_action_runs_events_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1ActionRunsEventsRetrieve(
  params: ApiV1ActionRunsEventsRetrieveParams,
  call?: CallOptions,
): Promise<Event[]> {
  return globalOperations.apiV1ActionRunsEventsRetrieve(params, call);
}

export interface ApiV1ActionRunsOutputRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * true: keep the answer open and stream the output until the run ends.
   */
  follow?: 'true' | 'false';
}
/**
 * A run's output, streamed while it runs with follow=true
 *
 * Plain text. While the run runs, its output so far (written every half second); afterwards only when the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer stays open and carries the output as it comes until the run ends; at most 8 such streams per caller (256 per API process) are open at once, more are 429.
 *
 * `GET /api/v1/action-runs/{id}/output/` (`api_v1_action_runs_output_retrieve`).
 * The answer is returned as text.
 * @throws {ApiError} 400, 401, 403, 404, 429, 503: the API's error body is `error.body`.
 */
export function apiV1ActionRunsOutputRetrieve(
  params: ApiV1ActionRunsOutputRetrieveParams,
  call?: CallOptions,
): Promise<string> {
  return globalOperations.apiV1ActionRunsOutputRetrieve(params, call);
}

export interface ApiV1EventsListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * Only this workspace’s; unset: every workspace the caller may see.
   */
  workspace?: string;
  /**
   * Only events of this level.
   */
  level?: 'Info' | 'Warning' | 'Error';
}
/**
 * List a workspace's events, newest first
 *
 * One event per executed action (per workflow step); filter by `level`.
 *
 * `GET /api/v1/events/` (`api_v1_events_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1EventsList(
  params: ApiV1EventsListParams = {},
  call?: CallOptions,
): Promise<PaginatedEventList> {
  return globalOperations.apiV1EventsList(params, call);
}

export interface ApiV1EventsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Show an event
 *
 * The event’s level and fields as handlers receive them (without `config`, which each handler gets its own).
 *
 * `GET /api/v1/events/{id}/` (`api_v1_events_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1EventsRetrieve(params: ApiV1EventsRetrieveParams, call?: CallOptions): Promise<Event> {
  return globalOperations.apiV1EventsRetrieve(params, call);
}

export interface ApiV1EventsDeliveriesRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * An event's deliveries, one per handler, with every attempt
 *
 * One delivery per handler of the workspace when the event came: its state (`pending`, `delivered`, `failed`, `disabled`) and every attempt with its status, duration, error and the first 2 KB of the answer.
 *
 * `GET /api/v1/events/{id}/deliveries/` (`api_v1_events_deliveries_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1EventsDeliveriesRetrieve(
  params: ApiV1EventsDeliveriesRetrieveParams,
  call?: CallOptions,
): Promise<Delivery[]> {
  return globalOperations.apiV1EventsDeliveriesRetrieve(params, call);
}

export interface ApiV1EventsRedeliverCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: Redeliver;
}
/**
 * Deliver an event again, now (Workspace Admin)
 *
 * Its deliveries (or the one to `handler`) are pending again with an attempt due now; the receiver gets the same `webhook-id`.
 *
 * `POST /api/v1/events/{id}/redeliver/` (`api_v1_events_redeliver_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1EventsRedeliverCreate(
  params: ApiV1EventsRedeliverCreateParams,
  call?: CallOptions,
): Promise<Delivery[]> {
  return globalOperations.apiV1EventsRedeliverCreate(params, call);
}

export interface ApiV1WorkspacesEventHandlersRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * A workspace's event handlers and their state
 *
 * The handlers of the configuration’s `events` key, whether each signs, and whether a 410 disabled it.
 *
 * `GET /api/v1/workspaces/{id}/event-handlers/` (`api_v1_workspaces_event_handlers_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesEventHandlersRetrieve(
  params: ApiV1WorkspacesEventHandlersRetrieveParams,
  call?: CallOptions,
): Promise<EventHandler[]> {
  return globalOperations.apiV1WorkspacesEventHandlersRetrieve(params, call);
}

export interface ApiV1WorkspacesEventHandlersSecretCreateParams {
  /**
   * The workspace's ID.
   */
  id: string;
  /**
   * The handler's name.
   */
  name: string;
  /**
   * The request body.
   */
  requestBody: HandlerSecretRotate;
}
/**
 * Make or rotate a webhook handler's signing secret (Workspace Admin)
 *
 * The `whsec_` secret is in this response only. During `grace_seconds` deliveries carry signatures with both the new and the previous secret.
 *
 * `POST /api/v1/workspaces/{id}/event-handlers/{name}/secret/` (`api_v1_workspaces_event_handlers_secret_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesEventHandlersSecretCreate(
  params: ApiV1WorkspacesEventHandlersSecretCreateParams,
  call?: CallOptions,
): Promise<HandlerSecret> {
  return globalOperations.apiV1WorkspacesEventHandlersSecretCreate(params, call);
}

export interface ApiV1WorkspacesEventHandlersEnableCreateParams {
  /**
   * The workspace's ID.
   */
  id: string;
  /**
   * The handler's name.
   */
  name: string;
}
/**
 * Enable a handler a 410 answer disabled (Workspace Admin)
 *
 * Later events are delivered to the handler again; the events it missed are redelivered by hand (…/redeliver/).
 *
 * `POST /api/v1/workspaces/{id}/event-handlers/{name}/enable/` (`api_v1_workspaces_event_handlers_enable_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1WorkspacesEventHandlersEnableCreate(
  params: ApiV1WorkspacesEventHandlersEnableCreateParams,
  call?: CallOptions,
): Promise<EventHandler> {
  return globalOperations.apiV1WorkspacesEventHandlersEnableCreate(params, call);
}

export interface ApiV1AgentsListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * One organization's agents (and its workspaces' you may see).
   */
  organization?: string;
  /**
   * One workspace's agents.
   */
  workspace?: string;
  /**
   * Archived agents too (`true`), or not.
   */
  archived?: 'true' | 'false';
}
/**
 * List monitoring agents
 *
 * The agents the caller may see, by name; filter by `organization` or `workspace`; archived ones with `archived=true`.
 *
 * `GET /api/v1/agents/` (`api_v1_agents_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1AgentsList(
  params: ApiV1AgentsListParams = {},
  call?: CallOptions,
): Promise<PaginatedAgentList> {
  return globalOperations.apiV1AgentsList(params, call);
}

export interface ApiV1AgentsCreateParams {
  /**
   * The request body.
   */
  requestBody: AgentCreate;
}
/**
 * Create a monitoring agent; its token is shown once
 *
 * A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces (Workspace Admin). The answer carries its `pla_` token once: it reaches the agent endpoints and nothing else. Needs a person signed in (403 `interactive_login_required` with an API key). 409 `agent_name_taken`.
 *
 * `POST /api/v1/agents/` (`api_v1_agents_create`).
 * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1AgentsCreate(
  params: ApiV1AgentsCreateParams,
  call?: CallOptions,
): Promise<AgentWithToken> {
  return globalOperations.apiV1AgentsCreate(params, call);
}

export interface ApiV1AgentsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * A monitoring agent, with its last health report
 *
 * The agent with what its last health report said (status, version, uptime) and its newest token's prefix, never a token.
 *
 * `GET /api/v1/agents/{id}/` (`api_v1_agents_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1AgentsRetrieve(params: ApiV1AgentsRetrieveParams, call?: CallOptions): Promise<Agent> {
  return globalOperations.apiV1AgentsRetrieve(params, call);
}

export interface ApiV1AgentsPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: AgentUpdate;
}
/**
 * Rename a monitoring agent, or change its location or description
 *
 * A new name, location or description. A new location changes which endpoints it is assigned. 409 `agent_name_taken`.
 *
 * `PATCH /api/v1/agents/{id}/` (`api_v1_agents_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1AgentsPartialUpdate(
  params: ApiV1AgentsPartialUpdateParams,
  call?: CallOptions,
): Promise<Agent> {
  return globalOperations.apiV1AgentsPartialUpdate(params, call);
}

export interface ApiV1AgentsDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Delete a monitoring agent and its tokens
 *
 * The agent and its tokens; its stored results age out with the retention. An Org Admin (a Workspace Admin for a workspace's agent).
 *
 * `DELETE /api/v1/agents/{id}/` (`api_v1_agents_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1AgentsDestroy(params: ApiV1AgentsDestroyParams, call?: CallOptions): Promise<void> {
  return globalOperations.apiV1AgentsDestroy(params, call);
}

export interface ApiV1AgentsArchiveCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Archive a monitoring agent: its tokens stop working, its history stays
 *
 * Its tokens stop working at once; its results, figures and alerts stay. An Org Admin (a Workspace Admin for a workspace's agent).
 *
 * `POST /api/v1/agents/{id}/archive/` (`api_v1_agents_archive_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1AgentsArchiveCreate(
  params: ApiV1AgentsArchiveCreateParams,
  call?: CallOptions,
): Promise<Agent> {
  return globalOperations.apiV1AgentsArchiveCreate(params, call);
}

export interface ApiV1AgentsRotateTokenCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: AgentTokenRotate;
}
/**
 * Give a monitoring agent a new token; the old ones end after a grace period
 *
 * The new token is shown once. The tokens the agent had keep working for `grace_seconds` (default 3600). Needs a person signed in. 409 `agent_archived` for an archived agent.
 *
 * `POST /api/v1/agents/{id}/rotate-token/` (`api_v1_agents_rotate_token_create`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1AgentsRotateTokenCreate(
  params: ApiV1AgentsRotateTokenCreateParams,
  call?: CallOptions,
): Promise<AgentWithToken> {
  return globalOperations.apiV1AgentsRotateTokenCreate(params, call);
}

export interface ApiV1EndpointsListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * One workspace's endpoints.
   */
  workspace?: string;
}
/**
 * List the endpoints the agents check
 *
 * The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.
 *
 * `GET /api/v1/endpoints/` (`api_v1_endpoints_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1EndpointsList(
  params: ApiV1EndpointsListParams = {},
  call?: CallOptions,
): Promise<PaginatedCheckEndpointList> {
  return globalOperations.apiV1EndpointsList(params, call);
}

export interface ApiV1EndpointsCreateParams {
  /**
   * The request body.
   */
  requestBody: CheckEndpointCreate;
}
/**
 * Add an endpoint for the agents to check
 *
 * An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which locations, and the labels and annotations of its alerts. Header values are write-only. 409 `endpoint_name_taken`.
 *
 * `POST /api/v1/endpoints/` (`api_v1_endpoints_create`).
 * @throws {ApiError} 400, 401, 403, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1EndpointsCreate(
  params: ApiV1EndpointsCreateParams,
  call?: CallOptions,
): Promise<CheckEndpoint> {
  return globalOperations.apiV1EndpointsCreate(params, call);
}

export interface ApiV1EndpointsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * An endpoint the agents check
 *
 * An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.
 *
 * `GET /api/v1/endpoints/{id}/` (`api_v1_endpoints_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1EndpointsRetrieve(
  params: ApiV1EndpointsRetrieveParams,
  call?: CallOptions,
): Promise<CheckEndpoint> {
  return globalOperations.apiV1EndpointsRetrieve(params, call);
}

export interface ApiV1EndpointsPartialUpdateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: CheckEndpointUpdate;
}
/**
 * Change an endpoint the agents check
 *
 * The fields given replace the endpoint's; the kind's settings object as a whole. A header value sent back as `[redacted]` keeps the value it has.
 *
 * `PATCH /api/v1/endpoints/{id}/` (`api_v1_endpoints_partial_update`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1EndpointsPartialUpdate(
  params: ApiV1EndpointsPartialUpdateParams,
  call?: CallOptions,
): Promise<CheckEndpoint> {
  return globalOperations.apiV1EndpointsPartialUpdate(params, call);
}

export interface ApiV1EndpointsDestroyParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Stop checking an endpoint and delete it
 *
 * Stops checking it; its alerts resolve. Its stored results and figures age out with the retention.
 *
 * `DELETE /api/v1/endpoints/{id}/` (`api_v1_endpoints_destroy`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1EndpointsDestroy(
  params: ApiV1EndpointsDestroyParams,
  call?: CallOptions,
): Promise<void> {
  return globalOperations.apiV1EndpointsDestroy(params, call);
}

export interface ApiV1EndpointsStatsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The period: the last hour, day, week or 30 days.
   */
  window?: '1h' | '24h' | '7d' | '30d';
}
/**
 * An endpoint's uptime, reachability and latency percentiles
 *
 * Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series of up to 60 points. Uptime: the share of check periods with at least one success; reachability: the share of successful checks.
 *
 * `GET /api/v1/endpoints/{id}/stats/` (`api_v1_endpoints_stats_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1EndpointsStatsRetrieve(
  params: ApiV1EndpointsStatsRetrieveParams,
  call?: CallOptions,
): Promise<CheckEndpointStats> {
  return globalOperations.apiV1EndpointsStatsRetrieve(params, call);
}

export interface ApiV1AlertsListParams {
  /**
   * A page number within the paginated result set (1-based, at most 1000000).
   */
  page?: number;
  /**
   * Number of results to return per page (default 50, maximum 500).
   */
  pageSize?: number;
  /**
   * One organization's alerts.
   */
  organization?: string;
  /**
   * One workspace's alerts.
   */
  workspace?: string;
  /**
   * Firing or resolved ones only.
   */
  state?: 'firing' | 'resolved';
  /**
   * Acknowledged (`true`) or not (`false`) only.
   */
  acknowledged?: 'true' | 'false';
  /**
   * One endpoint's (or agent's) alerts.
   */
  endpoint?: string;
}
/**
 * List alerts, newest first
 *
 * Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`, `acknowledged` or `endpoint`.
 *
 * `GET /api/v1/alerts/` (`api_v1_alerts_list`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1AlertsList(
  params: ApiV1AlertsListParams = {},
  call?: CallOptions,
): Promise<PaginatedAlertList> {
  return globalOperations.apiV1AlertsList(params, call);
}

export interface ApiV1AlertsRetrieveParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * An alert, with its acknowledgements
 *
 * One firing of an alert: its labels, annotations, times, and every acknowledgement of it.
 *
 * `GET /api/v1/alerts/{id}/` (`api_v1_alerts_retrieve`).
 * @throws {ApiError} 400, 401, 403, 404, 503: the API's error body is `error.body`.
 */
export function apiV1AlertsRetrieve(
  params: ApiV1AlertsRetrieveParams,
  call?: CallOptions,
): Promise<AlertDetail> {
  return globalOperations.apiV1AlertsRetrieve(params, call);
}

export interface ApiV1AlertsAcknowledgeCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
  /**
   * The request body.
   */
  requestBody: AlertAcknowledge;
}
/**
 * Acknowledge this firing of an alert, with a comment
 *
 * Binds to this firing only: it ends by itself when the alert resolves, so a later failure is a new alert that notifies again; `until` ends it earlier. Mirrored as a silence of this firing when an Alertmanager is configured, and that silence is ended with it. 409 `alert_resolved` when the alert has resolved.
 *
 * `POST /api/v1/alerts/{id}/acknowledge/` (`api_v1_alerts_acknowledge_create`).
 * @throws {ApiError} 400, 401, 403, 404, 409, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1AlertsAcknowledgeCreate(
  params: ApiV1AlertsAcknowledgeCreateParams,
  call?: CallOptions,
): Promise<AlertDetail> {
  return globalOperations.apiV1AlertsAcknowledgeCreate(params, call);
}

export interface ApiV1AlertsUnacknowledgeCreateParams {
  /**
   * The ID of the object the path names (a UUID).
   */
  id: string;
}
/**
 * Withdraw the acknowledgement of an alert
 *
 * Ends the acknowledgement in force (its Alertmanager silence too): the alert notifies again where it is forwarded.
 *
 * `POST /api/v1/alerts/{id}/unacknowledge/` (`api_v1_alerts_unacknowledge_create`).
 * @throws {ApiError} 400, 401, 403, 404, 413, 503: the API's error body is `error.body`.
 */
export function apiV1AlertsUnacknowledgeCreate(
  params: ApiV1AlertsUnacknowledgeCreateParams,
  call?: CallOptions,
): Promise<AlertDetail> {
  return globalOperations.apiV1AlertsUnacknowledgeCreate(params, call);
}

export interface ApiV1AgentEndpointsRetrieveParams {
  /**
   * The ETag of the last answer: 304 while nothing changed.
   */
  ifNoneMatch?: string;
  /**
   * The original product's agents send it: it must be the token's agent.
   */
  xAgentId?: string;
}
/**
 * An agent's assignments: the endpoints it checks
 *
 * For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-Match` and get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403 `agent_mismatch`).
 *
 * `GET /api/v1/agent/endpoints/` (`api_v1_agent_endpoints_retrieve`).
 * @throws {ApiError} 304, 401, 403, 503: the API's error body is `error.body`.
 */
export function apiV1AgentEndpointsRetrieve(
  params: ApiV1AgentEndpointsRetrieveParams = {},
  call?: CallOptions,
): Promise<AgentAssignments> {
  return globalOperations.apiV1AgentEndpointsRetrieve(params, call);
}

export interface ApiV1AgentResultsCreateParams {
  /**
   * The request body.
   */
  requestBody: CheckResultBatch;
}
/**
 * Report a batch of check results (idempotent by result_id)
 *
 * For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again is stored once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and does not fail the others.
 *
 * `POST /api/v1/agent/results/` (`api_v1_agent_results_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1AgentResultsCreate(
  params: ApiV1AgentResultsCreateParams,
  call?: CallOptions,
): Promise<CheckResultOutcome> {
  return globalOperations.apiV1AgentResultsCreate(params, call);
}

export interface ApiV1AgentHealthCreateParams {
  /**
   * The request body.
   */
  requestBody: AgentHealthReport;
}
/**
 * An agent's health report
 *
 * For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored as `POST /api/v1/agent/results/` would. Never creates an agent: the token names it.
 *
 * `POST /api/v1/agent/health/` (`api_v1_agent_health_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1AgentHealthCreate(
  params: ApiV1AgentHealthCreateParams,
  call?: CallOptions,
): Promise<AgentHealthAnswer> {
  return globalOperations.apiV1AgentHealthCreate(params, call);
}

export interface ApiV1AgentErrorsCreateParams {
  /**
   * The request body.
   */
  requestBody: AgentErrorReport;
}
/**
 * An agent's error report
 *
 * For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.
 *
 * `POST /api/v1/agent/errors/` (`api_v1_agent_errors_create`).
 * @throws {ApiError} 400, 401, 403, 413, 415, 503: the API's error body is `error.body`.
 */
export function apiV1AgentErrorsCreate(
  params: ApiV1AgentErrorsCreateParams,
  call?: CallOptions,
): Promise<AgentErrorAnswer> {
  return globalOperations.apiV1AgentErrorsCreate(params, call);
}
