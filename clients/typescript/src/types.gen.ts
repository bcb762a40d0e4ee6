// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
// The API's component types (openapi-typescript), and a named alias for each.

export interface paths {
  '/api/login/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange a username and password for a short-lived bearer token
     * @description For local users. The token authenticates like an API key until `expires_at`, and may also create and revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).
     */
    post: operations['api_login_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/login/oidc/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange an identity provider's ID token for a short-lived bearer token
     * @description The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's `cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the access token for userinfo. The token is verified against the provider's keys: an ID token (JOSE `typ` absent or `JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present), with `sub`, `exp` and `iat`, at most 5 minutes old, and accepted once. The user is found by their identity (or created, when the provider allows sign-up), their groups (from the ID token, else userinfo) are synced, and the answer is a login token as from `POST /api/login/`. 401 `authentication_failed` for an invalid or reused token, an unknown user with sign-up off, or a deactivated user (audited as `sso.login_failed` with the reason).
     */
    post: operations['api_login_oidc_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/login/providers/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The single sign-on providers
     * @description What a client needs to sign in through SSO: for each configured provider, its issuer, where a browser starts, and the public client the command line uses with the device authorization grant (docs/sso.md). An empty list when SSO is not configured. With `name`, that provider alone (404 when there is none of that name), as `plinth login --provider <name>` asks.
     */
    get: operations['api_login_providers_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/logout/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out the login token in the Authorization header
     * @description Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST /api/login/oidc/`): from now on every replica refuses it with 401 `token_revoked`, as if it had expired. Recorded as `session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009), a token that is already expired, signed out or invalid, or none at all, gives 204 too: there is nothing left to end. An API key is 400 `not_a_login_token`: revoke it with `DELETE …/api-keys/{id}/`. A header that is not `Bearer <token>` is 401, as on every route.
     */
    post: operations['api_logout_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/action-runs/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a workspace's runs, newest first
     * @description Runs of one workspace (`workspace`) or of every workspace the caller may see, newest first; filter by `status` or by `workflow_run` for a workflow’s steps.
     */
    get: operations['api_v1_action_runs_list'];
    put?: never;
    /**
     * Run an action or a workflow of the workspace configuration (User)
     * @description Creates a transaction with a snapshot of the configuration in effect. `run_by: server` (default) queues it for the API’s runner (409 `no_runner` when there is none); `run_by: client` records a run the caller executes and reports with finish. A workflow runs its steps in order, one transaction and one event each.
     */
    post: operations['api_v1_action_runs_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/action-runs/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Show a run
     * @description The run with its status, exit code, who started it and the snapshot’s ID; its output is at …/output/.
     */
    get: operations['api_v1_action_runs_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/action-runs/{id}/cancel/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a run (User)
     * @description A queued run ends `killed` now; a running one is killed by its runner within about a second.
     */
    post: operations['api_v1_action_runs_cancel_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/action-runs/{id}/events/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A run's events (one, once it ended)
     * @description The event the run produced when it ended (none while it runs); each handler’s deliveries are at /api/v1/events/{id}/deliveries/.
     */
    get: operations['api_v1_action_runs_events_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/action-runs/{id}/finish/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report how a client’s run ended (its starter)
     * @description Exit 0 ends it `stopped` (event level Info), anything else `failed` (Error); its event goes to the handlers.
     */
    post: operations['api_v1_action_runs_finish_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/action-runs/{id}/output/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A run's output, streamed while it runs with follow=true
     * @description Plain text. While the run runs, its output so far (written every half second); afterwards only when the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer stays open and carries the output as it comes until the run ends; at most 8 such streams per caller (256 per API process) are open at once, more are 429.
     */
    get: operations['api_v1_action_runs_output_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agent/endpoints/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An agent's assignments: the endpoints it checks
     * @description For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-Match` and get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403 `agent_mismatch`).
     */
    get: operations['api_v1_agent_endpoints_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agent/errors/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An agent's error report
     * @description For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.
     */
    post: operations['api_v1_agent_errors_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agent/health/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An agent's health report
     * @description For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored as `POST /api/v1/agent/results/` would. Never creates an agent: the token names it.
     */
    post: operations['api_v1_agent_health_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agent/results/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report a batch of check results (idempotent by result_id)
     * @description For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again is stored once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and does not fail the others.
     */
    post: operations['api_v1_agent_results_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agents/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List monitoring agents
     * @description The agents the caller may see, by name; filter by `organization` or `workspace`; archived ones with `archived=true`.
     */
    get: operations['api_v1_agents_list'];
    put?: never;
    /**
     * Create a monitoring agent; its token is shown once
     * @description A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces (Workspace Admin). The answer carries its `pla_` token once: it reaches the agent endpoints and nothing else. Needs a person signed in (403 `interactive_login_required` with an API key). 409 `agent_name_taken`.
     */
    post: operations['api_v1_agents_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agents/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A monitoring agent, with its last health report
     * @description The agent with what its last health report said (status, version, uptime) and its newest token's prefix, never a token.
     */
    get: operations['api_v1_agents_retrieve'];
    put?: never;
    post?: never;
    /**
     * Delete a monitoring agent and its tokens
     * @description The agent and its tokens; its stored results age out with the retention. An Org Admin (a Workspace Admin for a workspace's agent).
     */
    delete: operations['api_v1_agents_destroy'];
    options?: never;
    head?: never;
    /**
     * Rename a monitoring agent, or change its location or description
     * @description A new name, location or description. A new location changes which endpoints it is assigned. 409 `agent_name_taken`.
     */
    patch: operations['api_v1_agents_partial_update'];
    trace?: never;
  };
  '/api/v1/agents/{id}/archive/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Archive a monitoring agent: its tokens stop working, its history stays
     * @description Its tokens stop working at once; its results, figures and alerts stay. An Org Admin (a Workspace Admin for a workspace's agent).
     */
    post: operations['api_v1_agents_archive_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agents/{id}/rotate-token/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Give a monitoring agent a new token; the old ones end after a grace period
     * @description The new token is shown once. The tokens the agent had keep working for `grace_seconds` (default 3600). Needs a person signed in. 409 `agent_archived` for an archived agent.
     */
    post: operations['api_v1_agents_rotate_token_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/alerts/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List alerts, newest first
     * @description Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`, `acknowledged` or `endpoint`.
     */
    get: operations['api_v1_alerts_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/alerts/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An alert, with its acknowledgements
     * @description One firing of an alert: its labels, annotations, times, and every acknowledgement of it.
     */
    get: operations['api_v1_alerts_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/alerts/{id}/acknowledge/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Acknowledge this firing of an alert, with a comment
     * @description Binds to this firing only: it ends by itself when the alert resolves, so a later failure is a new alert that notifies again; `until` ends it earlier. Mirrored as a silence of this firing when an Alertmanager is configured, and that silence is ended with it. 409 `alert_resolved` when the alert has resolved.
     */
    post: operations['api_v1_alerts_acknowledge_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/alerts/{id}/unacknowledge/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Withdraw the acknowledgement of an alert
     * @description Ends the acknowledgement in force (its Alertmanager silence too): the alert notifies again where it is forwarded.
     */
    post: operations['api_v1_alerts_unacknowledge_create'];
    delete?: never;
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
    /**
     * Security events, newest first (Super Admin: all; Org Admin: their organizations)
     * @description A page of the audit log, newest first, with filters. Super Admins see every entry; Org Admins the entries of their organizations.
     */
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
    /**
     * Every matching entry, oldest first, as NDJSON (one JSON object per line)
     * @description The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. Same filters and visibility as the list.
     */
    get: operations['api_v1_audit_log_export_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/endpoints/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the endpoints the agents check
     * @description The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.
     */
    get: operations['api_v1_endpoints_list'];
    put?: never;
    /**
     * Add an endpoint for the agents to check
     * @description An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which locations, and the labels and annotations of its alerts. Header values are write-only. 409 `endpoint_name_taken`.
     */
    post: operations['api_v1_endpoints_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/endpoints/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An endpoint the agents check
     * @description An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.
     */
    get: operations['api_v1_endpoints_retrieve'];
    put?: never;
    post?: never;
    /**
     * Stop checking an endpoint and delete it
     * @description Stops checking it; its alerts resolve. Its stored results and figures age out with the retention.
     */
    delete: operations['api_v1_endpoints_destroy'];
    options?: never;
    head?: never;
    /**
     * Change an endpoint the agents check
     * @description The fields given replace the endpoint's; the kind's settings object as a whole. A header value sent back as `[redacted]` keeps the value it has.
     */
    patch: operations['api_v1_endpoints_partial_update'];
    trace?: never;
  };
  '/api/v1/endpoints/{id}/stats/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An endpoint's uptime, reachability and latency percentiles
     * @description Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series of up to 60 points. Uptime: the share of check periods with at least one success; reachability: the share of successful checks.
     */
    get: operations['api_v1_endpoints_stats_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a workspace's events, newest first
     * @description One event per executed action (per workflow step); filter by `level`.
     */
    get: operations['api_v1_events_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Show an event
     * @description The event’s level and fields as handlers receive them (without `config`, which each handler gets its own).
     */
    get: operations['api_v1_events_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}/deliveries/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An event's deliveries, one per handler, with every attempt
     * @description One delivery per handler of the workspace when the event came: its state (`pending`, `delivered`, `failed`, `disabled`) and every attempt with its status, duration, error and the first 2 KB of the answer.
     */
    get: operations['api_v1_events_deliveries_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}/redeliver/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver an event again, now (Workspace Admin)
     * @description Its deliveries (or the one to `handler`) are pending again with an attempt due now; the receiver gets the same `webhook-id`.
     */
    post: operations['api_v1_events_redeliver_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/organizations/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organizations the caller belongs to
     * @description The organizations the caller is a member of; a Super Admin sees all.
     */
    get: operations['api_v1_organizations_list'];
    put?: never;
    /**
     * Create an organization (Super Admin)
     * @description A new, empty organization. 400 `unique` when the slug is taken.
     */
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
    /**
     * An organization
     * @description One organization. 404 when it does not exist or the caller is not a member.
     */
    get: operations['api_v1_organizations_retrieve'];
    put?: never;
    post?: never;
    /**
     * Delete an empty organization (Super Admin)
     * @description Deletes an organization that has no workspaces left. 409 `organization_not_empty` otherwise.
     */
    delete: operations['api_v1_organizations_destroy'];
    options?: never;
    head?: never;
    /**
     * Rename an organization (Org Admin); change its slug (Super Admin)
     * @description An Org Admin may rename the organization; changing its slug (which renames its OIDC groups) takes a Super Admin signed in: 403 `interactive_login_required` with an API key.
     */
    patch: operations['api_v1_organizations_partial_update'];
    trace?: never;
  };
  '/api/v1/organizations/{id}/api-keys/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organization's API keys (never their secrets)
     * @description The keys with their names, scopes, expiry and last use; never a secret.
     */
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
  '/api/v1/organizations/{id}/members/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organization's members and their roles
     * @description The members with their roles, ordered by username. Any member may list them.
     */
    get: operations['api_v1_organizations_members_list'];
    put?: never;
    /**
     * Add a user, named by username or e-mail address, as a member with a role
     * @description Name the user by exactly one of `username` and `email`. An unknown and an inactive user get the same 400, so the answer reveals nothing about other users. 400 `unique` when already a member. Needs a person signed in: 403 `interactive_login_required` with an API key.
     */
    post: operations['api_v1_organizations_members_create'];
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
    /**
     * Remove a member
     * @description Ends the membership. The user and their other memberships stay.
     */
    delete: operations['api_v1_organizations_members_destroy'];
    options?: never;
    head?: never;
    /**
     * Change a member's role
     * @description Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403 `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a group-granted role after the person leaves the group).
     */
    patch: operations['api_v1_organizations_members_partial_update'];
    trace?: never;
  };
  '/api/v1/s3/buckets/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List buckets (occupancy, object count, last usage refresh; never secrets)
     * @description The buckets in workspaces the caller can see, with their usage as last measured. Filter by organization, workspace, region or owner.
     */
    get: operations['api_v1_s3_buckets_list'];
    put?: never;
    /**
     * Create a bucket with its own access user, or adopt it (same name, same workspace)
     * @description 201 with the new bucket and its credentials. If Plinth already manages the name in the region for the same organization and workspace, 200 with that bucket; with an owner_reference, only when that object owns it, or it has no owner and was created for that object or released to its namespace (adoptable_by). Anything else: 409 bucket_name_taken. When the storage cluster already has this organization's queue of creations full (PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy` with `Retry-After`: nothing was made; send it again then.
     */
    post: operations['api_v1_s3_buckets_create'];
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
    /**
     * A bucket
     * @description One bucket with its usage; never its secret.
     */
    get: operations['api_v1_s3_buckets_retrieve'];
    put?: never;
    post?: never;
    /**
     * Remove the access user and policy, and the bucket if it is empty (else 409; data is never deleted)
     * @description Deletes an empty bucket and its access user on the cluster. 409 `bucket_not_empty` while it holds objects; the data is never deleted by this call. 429 `storage_busy` with `Retry-After` when the storage cluster already has this organization's queue full; nothing was deleted.
     */
    delete: operations['api_v1_s3_buckets_destroy'];
    options?: never;
    head?: never;
    /**
     * Turn the allow-all CORS rule set on or off, set or drop the owning Kubernetes object, or release the bucket to a namespace
     * @description Switch CORS for browsers on any origin, or change which Kubernetes object owns the bucket or may adopt it.
     */
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
    /**
     * Reveal the bucket's credentials again (recorded in the audit log)
     * @description The access key and secret of the bucket's own user, again. Each reveal is recorded in the audit log (`bucket.credentials_revealed`). Needs the right to manage the bucket.
     */
    get: operations['api_v1_s3_buckets_credentials_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/s3/buckets/{id}/health/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check that the bucket and its access key still exist on the storage cluster
     * @description Asks the bucket's storage cluster, now, whether the bucket and its current access user (access key) still exist there: someone may have deleted either on the cluster, behind Plinth’s back. `healthy` is true when both do. Meant for periodic drift checks, such as the Kubernetes operator’s. Needs the right to see the bucket. 409 `bucket_busy` (with `Retry-After`) while the bucket is being created or deleted, or when it changed during the check (a key rotation); 503 `storage_unavailable` when the storage cluster does not answer. Not recorded in the audit log (a read).
     */
    get: operations['api_v1_s3_buckets_health_retrieve'];
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
  '/api/v1/s3/buckets/{id}/rotate-credentials/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the bucket's access key; the old one keeps working for a grace period
     * @description A new access key with the same rights; the old one keeps working for `grace_seconds`, then is removed. The new secret is in this response (and revealable later). Rotating again within a grace period ends the older key at once. With `grace_seconds: 0` the old key is removed before the answer: a 200 means it no longer works; 503 `previous_key_removal_pending` means the new key is in force but the storage cluster has not removed the old one yet (retried in the background). At most 10 rotations per bucket in any hour; beyond, 429 `rotation_rate_limited` with `Retry-After`. Recorded in the audit log (`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the old key is removed). Needs the right to reveal the credentials.
     */
    post: operations['api_v1_s3_buckets_rotate_credentials_create'];
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
  '/api/v1/s3/regions/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Regions with bucket count, occupancy and objects (over the buckets you can see)
     * @description Every configured region with the number, occupancy and objects of the buckets the caller can see there: the region picker and the per-region totals.
     */
    get: operations['api_v1_s3_regions_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/schema/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The live OpenAPI 3.1 description of this API
     * @description The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.
     */
    get: operations['api_v1_schema_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
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
    /**
     * List system API keys (staff) (never their secrets)
     * @description The keys with their names, scopes, expiry and last use; never a secret.
     */
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
  '/api/v1/users/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List users (Super Admin)
     * @description Every user, ordered by username. Super Admins only.
     */
    get: operations['api_v1_users_list'];
    put?: never;
    /**
     * Create a user (Super Admin)
     * @description A local user, with a password for `POST /api/login/`, or without one for users who sign in through SSO only. 400 `unique` when the username is taken. A password or `is_superuser: true` needs a person signed in: 403 `interactive_login_required` with an API key.
     */
    post: operations['api_v1_users_create'];
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
    /**
     * A user (yourself, or anyone for a Super Admin)
     * @description Anyone may read their own user; a Super Admin may read any. Others get 404, as for a user that does not exist.
     */
    get: operations['api_v1_users_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update or deactivate a user (Super Admin)
     * @description Change a user's fields; `is_active: false` deactivates the user, so their logins and keys stop working. A Super Admin cannot take away their own Super Admin or deactivate themselves (409 `self_lockout`). A password, `is_superuser: true` and reactivating a user need a person signed in: 403 `interactive_login_required` with an API key.
     */
    patch: operations['api_v1_users_partial_update'];
    trace?: never;
  };
  '/api/v1/users/{id}/identities/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Link a user to an identity at an identity provider (Super Admin)
     * @description Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this user, with its memberships and keys, instead of a new user. Users are never matched by e-mail address. 400 `does_not_exist` for an unknown provider, 409 when the identity is linked already. Needs a person signed in: 403 `interactive_login_required` with an API key.
     */
    post: operations['api_v1_users_identities_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/{id}/sessions/': {
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
     * End all of a user's web sessions (Super Admin)
     * @description Ends every web UI session of the user at once, on every replica (the browser's next request is signed out). Their API keys and login tokens are not affected. Users end their own sessions in the web UI ("Sign out everywhere"). Super Admins only.
     */
    delete: operations['api_v1_users_sessions_destroy'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/{id}/sso/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A user's single sign-on identities and last claims (Super Admin)
     * @description For support when a user's groups do not arrive or map to the wrong roles: each identity of the user at an identity provider, with the claims and groups it last brought, what those groups map to (and whether the organizations exist), and what the last group sync could not do. Super Admins only.
     */
    get: operations['api_v1_users_sso_retrieve'];
    put?: never;
    post?: never;
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
    /**
     * The user the token belongs to
     * @description Who the bearer token belongs to. For an organization or system key, 403 `no_user`: such keys act for no user.
     */
    get: operations['api_v1_users_me_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/me/api-keys/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your user API keys (never their secrets)
     * @description The keys with their names, scopes, expiry and last use; never a secret.
     */
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
  '/api/v1/workspaces/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspaces the caller belongs to
     * @description The workspaces the caller is a member of, directly or through an organization role; a Super Admin sees all. Filter with `organization`.
     */
    get: operations['api_v1_workspaces_list'];
    put?: never;
    /**
     * Create a workspace in an organization (Org Admin)
     * @description A new workspace in an organization where the caller is Org Admin (or any, for a Super Admin). 400 `unique` when the organization already has a workspace of that name.
     */
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
    /**
     * A workspace
     * @description One workspace with its configuration. 404 when it does not exist or the caller cannot see it.
     */
    get: operations['api_v1_workspaces_retrieve'];
    put?: never;
    post?: never;
    /**
     * Delete a workspace without buckets (Org Admin)
     * @description Deletes the workspace and its memberships. 409 `workspace_not_empty` while it still has buckets: delete them first.
     */
    delete: operations['api_v1_workspaces_destroy'];
    options?: never;
    head?: never;
    /**
     * Configure a workspace (Workspace Admin)
     * @description Rename the workspace or replace its whole `config` object.
     */
    patch: operations['api_v1_workspaces_partial_update'];
    trace?: never;
  };
  '/api/v1/workspaces/{id}/event-handlers/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A workspace's event handlers and their state
     * @description The handlers of the configuration’s `events` key, whether each signs, and whether a 410 disabled it.
     */
    get: operations['api_v1_workspaces_event_handlers_retrieve'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{id}/event-handlers/{name}/enable/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Enable a handler a 410 answer disabled (Workspace Admin)
     * @description Later events are delivered to the handler again; the events it missed are redelivered by hand (…/redeliver/).
     */
    post: operations['api_v1_workspaces_event_handlers_enable_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{id}/event-handlers/{name}/secret/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make or rotate a webhook handler's signing secret (Workspace Admin)
     * @description The `whsec_` secret is in this response only. During `grace_seconds` deliveries carry signatures with both the new and the previous secret.
     */
    post: operations['api_v1_workspaces_event_handlers_secret_create'];
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
    /**
     * List the workspace's members and their roles
     * @description The members with their roles, ordered by username. Any member may list them.
     */
    get: operations['api_v1_workspaces_members_list'];
    put?: never;
    /**
     * Add a user, named by username or e-mail address, as a member with a role
     * @description Name the user by exactly one of `username` and `email`. An unknown and an inactive user get the same 400, so the answer reveals nothing about other users. 400 `unique` when already a member. Needs a person signed in: 403 `interactive_login_required` with an API key.
     */
    post: operations['api_v1_workspaces_members_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
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
    /**
     * Remove a member
     * @description Ends the membership. The user and their other memberships stay.
     */
    delete: operations['api_v1_workspaces_members_destroy'];
    options?: never;
    head?: never;
    /**
     * Change a member's role
     * @description Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403 `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a group-granted role after the person leaves the group).
     */
    patch: operations['api_v1_workspaces_members_partial_update'];
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * @description An executed action: one transaction.
     * @example {
     *       "id": "2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e",
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *       "block": "app",
     *       "action": "deploy",
     *       "workflow": null,
     *       "workflow_run": null,
     *       "step": null,
     *       "command": "deploy --env production",
     *       "client_version": null,
     *       "run_by": "server",
     *       "runner": "oci",
     *       "image": "deployer:v1",
     *       "user": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *       "user_email": "alice@example.com",
     *       "user_name": "Alice",
     *       "status": "stopped",
     *       "exit_code": 0,
     *       "reason": null,
     *       "snapshot_id": "sha256:9f2c…",
     *       "deadline_seconds": 600,
     *       "output_kept": false,
     *       "output_truncated": false,
     *       "created_at": "2026-11-26T04:30:00.000Z",
     *       "started_at": "2026-11-26T04:30:00.100Z",
     *       "finished_at": "2026-11-26T04:30:02.000Z"
     *     }
     */
    ActionRun: {
      /** @description The action. */
      action: string;
      /** @description The block whose action ran. */
      block: string;
      /** @description The version of the client that started it. */
      client_version: string | null;
      /** @description The command line, secret-looking values redacted. */
      command: string;
      /**
       * Format: date-time
       * @description When it was started.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description How long it may run before it is killed. */
      deadline_seconds: number;
      /** @description The exit code, once it ended. */
      exit_code: number | null;
      /**
       * @description When it ended.
       * @example 2026-11-21T10:00:00.000Z
       */
      finished_at: string | null;
      /**
       * Format: uuid
       * @description The transaction ID: the run’s ID, in its event as `transaction`.
       */
      id: string;
      /** @description The block’s image. */
      image: string;
      /**
       * Format: uuid
       * @description The organization.
       */
      organization: string;
      /** @description Its output is kept after it ends (`transactions.logging`). */
      output_kept: boolean;
      /** @description The output went past the server’s limit and was cut. */
      output_truncated: boolean;
      /** @description Why it failed or was killed (deadline, cancelled, …). */
      reason: string | null;
      /**
       * @description Who runs it: a runner of the API, or the client.
       * @enum {string}
       */
      run_by: 'server' | 'client';
      /** @description The API’s runner (`oci`, `kubernetes`); null for a client’s run. */
      runner: string | null;
      /** @description The content hash of the configuration snapshot it ran with. */
      snapshot_id: string;
      /**
       * @description When it began running.
       * @example 2026-11-21T10:00:00.000Z
       */
      started_at: string | null;
      /**
       * @description created, running, then stopped (exit 0), failed (other exit, or could not start) or killed.
       * @enum {string}
       */
      status: 'created' | 'running' | 'stopped' | 'failed' | 'killed';
      /** @description The step, from 1. */
      step: number | null;
      /** @description Who started it. */
      user: string | null;
      /** @description Their e-mail, as the event carries it. */
      user_email: string | null;
      /** @description Their name, as the event carries it. */
      user_name: string | null;
      /** @description The workflow, for a step of one. */
      workflow: string | null;
      /** @description The ID every step of this workflow run shares. */
      workflow_run: string | null;
      /**
       * Format: uuid
       * @description The workspace.
       */
      workspace: string;
    };
    /**
     * @description How a client’s run ended.
     * @example {
     *       "exit_code": 0
     *     }
     */
    ActionRunFinish: {
      /** @description The action’s exit code: 0 stopped, else failed. */
      exit_code: number;
      /** @description Its output; kept only when the workspace turns transaction logging on. */
      output?: string;
    };
    /**
     * @description An action (or workflow) of the workspace configuration to run.
     * @example {
     *       "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *       "block": "app",
     *       "action": "deploy"
     *     }
     */
    ActionRunStart: {
      /** @description The block’s action. */
      action?: string;
      /** @description The block (with `action`). */
      block?: string;
      /** @description The client’s version, the event’s `version`. */
      client_version?: string;
      /** @description A client’s run: the command line it runs (secret-looking values are redacted). */
      command?: string;
      /**
       * @description server (default): a runner of the API runs it; client: the caller runs it and reports with finish.
       * @enum {string}
       */
      run_by?: 'server' | 'client';
      /** @description A workflow instead: its steps run in order, one transaction each. */
      workflow?: string;
      /**
       * Format: uuid
       * @description The workspace whose configuration declares it.
       */
      workspace: string;
    };
    /**
     * @description A monitoring agent: a name and a location, with a token of its own.
     * @example {
     *       "id": "7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b",
     *       "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *       "workspace": null,
     *       "name": "eu-probe-1",
     *       "location": "eu-central",
     *       "description": "Rack 4, Frankfurt",
     *       "archived": false,
     *       "health": "healthy",
     *       "version": "0.1.0",
     *       "uptime_seconds": 86400,
     *       "last_report_at": "2026-11-26T10:00:00.000Z",
     *       "token_prefix": "pla_3kQ9xZ",
     *       "created_at": "2026-11-26T10:00:00.000Z",
     *       "updated_at": "2026-11-26T10:00:00.000Z"
     *     }
     */
    Agent: {
      /** @description Archived: its tokens no longer work; its history stays. */
      archived: boolean;
      /**
       * Format: date-time
       * @description When it was created.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description What people wrote about it. */
      description: string;
      /** @description What its last health report said; null before the first. */
      health: ('healthy' | 'degraded' | 'unhealthy' | 'critical') | null;
      /**
       * Format: uuid
       * @description The agent's ID (the `X-Agent-ID` its agent may send).
       */
      id: string;
      /**
       * @description When its last health report arrived.
       * @example 2026-11-21T10:00:00.000Z
       */
      last_report_at: string | null;
      /** @description Where it runs; endpoints choose locations by this name. */
      location: string;
      /** @description Its name, unique in the organization. */
      name: string;
      /**
       * Format: uuid
       * @description The organization it belongs to.
       */
      organization: string;
      /** @description The first characters of its newest token. */
      token_prefix: string;
      /**
       * Format: date-time
       * @description When people last changed it (its reports do not count).
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
      /** @description How long it had run at its last report. */
      uptime_seconds: number | null;
      /** @description The version its last health report gave. */
      version: string | null;
      /** @description Its workspace: it checks that workspace's endpoints only. Null: the organization's. */
      workspace: string | null;
    };
    /**
     * @description An agent's assignments.
     * @example {
     *       "agent": {
     *         "id": "7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b",
     *         "name": "eu-probe-1",
     *         "location": "eu-central"
     *       },
     *       "config_version": "Vj3kQ9xZ7mW2vB8nR4tY6uP1sD5",
     *       "poll_interval_s": 30,
     *       "endpoints": [
     *         {
     *           "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
     *           "name": "shop",
     *           "kind": "http",
     *           "target": "https://shop.example.com/healthz",
     *           "frequency_s": 30,
     *           "timeout_ms": 10000,
     *           "http": {
     *             "method": "GET",
     *             "headers": {
     *               "Authorization": "Bearer health-check-token"
     *             },
     *             "expected_status": [
     *               200
     *             ],
     *             "body_match": null,
     *             "tls_expiry_days": 14,
     *             "insecure_skip_verify": false
     *           },
     *           "tcp": null,
     *           "dns": null
     *         }
     *       ]
     *     }
     */
    AgentAssignments: {
      /** @description The agent the token is bound to. */
      agent: {
        /**
         * Format: uuid
         * @description The agent's ID.
         */
        id: string;
        /** @description Its location. */
        location: string;
        /** @description Its name. */
        name: string;
      };
      /** @description Changes whenever the answer would; the ETag too. */
      config_version: string;
      /** @description What to check. */
      endpoints: components['schemas']['AgentEndpoint'][];
      /** @description How often to ask again (with If-None-Match). */
      poll_interval_s: number;
    };
    /**
     * @description A new monitoring agent.
     * @example {
     *       "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *       "name": "eu-probe-1",
     *       "location": "eu-central",
     *       "description": "Rack 4, Frankfurt"
     *     }
     */
    AgentCreate: {
      /** @description Anything worth knowing about it. */
      description?: string;
      /**
       * @description Where it runs; endpoints choose locations by this name.
       * @example eu-central
       */
      location: string;
      /** @description Its name, unique in the organization. */
      name: string;
      /**
       * Format: uuid
       * @description The organization it checks for.
       */
      organization: string;
      /** @description Limit it to one workspace's endpoints (a Workspace Admin of it may then create it). */
      workspace?: string | null;
    };
    /** @description An endpoint this agent checks, with everything the check needs. */
    AgentEndpoint: {
      /** @description For kind dns; null otherwise. */
      dns: {
        /** @description Answers that must all be present. */
        expected: string[];
        /** @description The record type asked. */
        record_type: string;
        /** @description The resolver asked; null: the agent's own. */
        server: string | null;
      } | null;
      /** @description Seconds between checks. */
      frequency_s: number;
      /** @description For kind http; null otherwise. */
      http: {
        /** @description Text the body must contain. */
        body_match: string | null;
        /** @description The statuses that pass; empty: any 2xx. */
        expected_status: number[];
        /** @description Request headers (values `[redacted]` for people). */
        headers: {
          [key: string]: string;
        };
        /** @description Check a certificate no trusted authority signed. */
        insecure_skip_verify: boolean;
        /** @description The request method. */
        method: string;
        /** @description Fail when the certificate expires within this many days. */
        tls_expiry_days: number;
      } | null;
      /**
       * Format: uuid
       * @description The endpoint, as results name it (`endpoint_id`).
       */
      id: string;
      /**
       * @description http(s), tcp or dns.
       * @enum {string}
       */
      kind: 'http' | 'tcp' | 'dns';
      /** @description Its name. */
      name: string;
      /** @description http: a URL; tcp: `host:port`; dns: the name to resolve. */
      target: string;
      /** @description For kind tcp; null otherwise. */
      tcp: {
        /** @description Text the banner must contain. */
        banner_match: string | null;
      } | null;
      /** @description How long a check may take, in ms. */
      timeout_ms: number;
    };
    /**
     * @description An error report, received.
     * @example {
     *       "agent_id": "7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b",
     *       "received_at": "2026-11-26T10:00:00.000Z",
     *       "errors": 1
     *     }
     */
    AgentErrorAnswer: {
      /**
       * Format: uuid
       * @description The agent's ID.
       */
      agent_id: string;
      /** @description Recent errors kept. */
      errors: number;
      /**
       * Format: date-time
       * @description When the report arrived.
       * @example 2026-11-21T10:00:00.000Z
       */
      received_at: string;
    };
    /**
     * @description An agent's error report.
     * @example {
     *       "error_counts": {
     *         "ECONNREFUSED": 3
     *       },
     *       "recent_errors": [
     *         {
     *           "at": "2026-11-26T10:00:00.000Z",
     *           "endpoint_id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
     *           "code": "ECONNREFUSED",
     *           "message": "connect ECONNREFUSED"
     *         }
     *       ]
     *     }
     */
    AgentErrorReport: {
      /** @description Errors by code (at most 8 KiB). */
      error_counts?: {
        [key: string]: number;
      };
      /** @description Recent errors, at most 50. */
      recent_errors?: {
        /**
         * @description When it happened.
         * @example 2026-11-21T10:00:00.000Z
         */
        at?: string | null;
        /** @description Its code. */
        code?: string | null;
        /** @description The endpoint, if one. */
        endpoint_id?: string | null;
        /** @description What happened. */
        message: string;
      }[];
      /** @description Runtime, platform and host (at most 8 KiB). */
      system_info?: {
        [key: string]: number | string | boolean | null;
      };
    };
    /**
     * @description A health report, received.
     * @example {
     *       "agent_id": "7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b",
     *       "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *       "workspace": null,
     *       "received_at": "2026-11-26T10:00:00.000Z",
     *       "results": {
     *         "accepted": 1,
     *         "duplicates": 0,
     *         "rejected": []
     *       }
     *     }
     */
    AgentHealthAnswer: {
      /**
       * Format: uuid
       * @description The agent's ID.
       */
      agent_id: string;
      /**
       * Format: uuid
       * @description Its organization.
       */
      organization: string;
      /**
       * Format: date-time
       * @description When the report arrived.
       * @example 2026-11-21T10:00:00.000Z
       */
      received_at: string;
      /** @description What became of `check_results`, if sent. */
      results: components['schemas']['CheckResultOutcome'];
      /** @description Its workspace; null: the organization. */
      workspace: string | null;
    };
    /**
     * @description An agent's health report.
     * @example {
     *       "status": "healthy",
     *       "version": "0.1.0",
     *       "uptime_seconds": 86400,
     *       "check_metrics": {
     *         "monitored_endpoints": 120,
     *         "checks_skipped_total": 0,
     *         "results_buffered": 0
     *       },
     *       "resource_metrics": {
     *         "rss_bytes": 83886080
     *       }
     *     }
     */
    AgentHealthReport: {
      /** @description Its configuration (never its token) (at most 8 KiB). */
      agent_configuration?: {
        [key: string]: number | string | boolean | null;
      };
      /** @description The API answered its last request. */
      api_connected?: boolean | null;
      /** @description Check counters (monitored_endpoints, checks_skipped_total, …) (at most 8 KiB). */
      check_metrics?: {
        [key: string]: number | string | boolean | null;
      };
      /** @description Results sent with the report, as the original product allows; stored as a batch would be. */
      check_results?: components['schemas']['CheckResult'][];
      /** @description A summary of recent checks (at most 8 KiB). */
      check_summary?: {
        [key: string]: number | string | boolean | null;
      };
      /** @description The assignments version it runs. */
      config_version?: string | null;
      /** @description Critical errors, at most 50. */
      critical_errors?: string[];
      /** @description Errors by code (at most 8 KiB). */
      error_counts?: {
        [key: string]: number;
      };
      /**
       * @description What reports (the original product has both).
       * @enum {string}
       */
      kind?: 'agent' | 'operator';
      /**
       * @description When its assignments last changed.
       * @example 2026-11-21T10:00:00.000Z
       */
      last_config_update?: string | null;
      /** @description Network figures (at most 8 KiB). */
      network_metrics?: {
        [key: string]: number | string | boolean | null;
      };
      /** @description Accepted when it is this agent's ID. */
      reported_agent_id?: string | null;
      /**
       * @description When it made the report.
       * @example 2026-11-21T10:00:00.000Z
       */
      reported_at?: string | null;
      /** @description Memory and CPU figures (at most 8 KiB). */
      resource_metrics?: {
        [key: string]: number | string | boolean | null;
      };
      /**
       * @description When it started.
       * @example 2026-11-21T10:00:00.000Z
       */
      start_time?: string | null;
      /**
       * @description How the agent is.
       * @enum {string}
       */
      status: 'healthy' | 'degraded' | 'unhealthy' | 'critical';
      /** @description Its buffer can be written. */
      storage_healthy?: boolean | null;
      /** @description The buffer's figures (at most 8 KiB). */
      storage_stats?: {
        [key: string]: number | string | boolean | null;
      };
      /** @description Runtime, platform and host (at most 8 KiB). */
      system_info?: {
        [key: string]: number | string | boolean | null;
      };
      /** @description How long it has run. */
      uptime_seconds: number;
      /** @description The agent's version. */
      version: string;
      /** @description Warnings, at most 50. */
      warnings?: string[];
    };
    /**
     * @description How to rotate an agent’s token.
     * @example {
     *       "grace_seconds": 3600
     *     }
     */
    AgentTokenRotate: {
      /** @description How long the tokens it has keep working (default one hour, at most seven days; 0 ends them now). */
      grace_seconds?: number;
    };
    /**
     * @description A change to an agent.
     * @example {
     *       "location": "eu-west"
     *     }
     */
    AgentUpdate: {
      /** @description A new description. */
      description?: string;
      /**
       * @description A new location: it then checks the endpoints of that one.
       * @example eu-central
       */
      location?: string;
      /** @description A new name, unique in the organization. */
      name?: string;
    };
    /**
     * @description A monitoring agent with its token, shown once.
     * @example {
     *       "id": "7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b",
     *       "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *       "workspace": null,
     *       "name": "eu-probe-1",
     *       "location": "eu-central",
     *       "description": "Rack 4, Frankfurt",
     *       "archived": false,
     *       "health": "healthy",
     *       "version": "0.1.0",
     *       "uptime_seconds": 86400,
     *       "last_report_at": "2026-11-26T10:00:00.000Z",
     *       "token_prefix": "pla_3kQ9xZ",
     *       "created_at": "2026-11-26T10:00:00.000Z",
     *       "updated_at": "2026-11-26T10:00:00.000Z",
     *       "token": "pla_3kQ9xZ7mW2vB8nR4tY6uP1sD5fG0hJ3kL9aE2q",
     *       "previous_token_expires_at": null
     *     }
     */
    AgentWithToken: components['schemas']['Agent'] & {
      /**
       * @description After a rotation: when the tokens it had before stop working (the grace period).
       * @example 2026-11-21T10:00:00.000Z
       */
      previous_token_expires_at: string | null;
      /** @description Its token (`pla_…`): shown this once. It reaches the agent endpoints and nothing else. */
      token: string;
    };
    /**
     * @description One firing of an alert.
     * @example {
     *       "id": "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
     *       "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *       "workspace": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "alertname": "EndpointDown",
     *       "severity": "critical",
     *       "state": "firing",
     *       "labels": {
     *         "alertname": "EndpointDown",
     *         "severity": "critical",
     *         "team": "payments",
     *         "endpoint": "shop"
     *       },
     *       "annotations": {
     *         "summary": "shop is down",
     *         "runbook_url": "https://runbooks.example.com/shop"
     *       },
     *       "fingerprint": "4c2f1e9a7b3d5e60",
     *       "subject": {
     *         "kind": "endpoint",
     *         "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a"
     *       },
     *       "starts_at": "2026-11-26T10:00:00.000Z",
     *       "ends_at": null,
     *       "acknowledged": true,
     *       "acknowledgement": {
     *         "id": "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
     *         "user": "8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f",
     *         "username": "alice",
     *         "comment": "Looking into it; the database failed over.",
     *         "created_at": "2026-11-26T10:00:00.000Z",
     *         "until": null,
     *         "ended_at": null,
     *         "end_reason": null
     *       }
     *     }
     */
    Alert: {
      /** @description An acknowledgement of this firing is in force. */
      acknowledged: boolean;
      acknowledgement: components['schemas']['AlertAcknowledgement'];
      /** @description EndpointDown, EndpointPartiallyDown or AgentDown. */
      alertname: string;
      /** @description Its annotations. */
      annotations: {
        [key: string]: string;
      };
      /**
       * @description When it resolved.
       * @example 2026-11-21T10:00:00.000Z
       */
      ends_at: string | null;
      /** @description Of the labels: the same for every firing of the same alert. */
      fingerprint: string;
      /**
       * Format: uuid
       * @description This firing: a later failure is a new alert with a new ID.
       */
      id: string;
      /** @description Its labels (the platform’s conventions). */
      labels: {
        [key: string]: string;
      };
      /**
       * Format: uuid
       * @description Its organization.
       */
      organization: string;
      /** @description critical: respond now; warning: within 24 hours; info: no action. */
      severity: string;
      /**
       * Format: date-time
       * @description When it fired.
       * @example 2026-11-21T10:00:00.000Z
       */
      starts_at: string;
      /**
       * @description Firing, or resolved (then `ends_at` says when).
       * @enum {string}
       */
      state: 'firing' | 'resolved';
      /** @description The endpoint or agent it is about. */
      subject: {
        /**
         * Format: uuid
         * @description The endpoint's or agent's ID.
         */
        id: string;
        /**
         * @description What it is about.
         * @enum {string}
         */
        kind: 'endpoint' | 'agent';
      };
      /** @description Its workspace; null for an organization's agent. */
      workspace: string | null;
    };
    /**
     * @description An acknowledgement of this firing.
     * @example {
     *       "comment": "Looking into it; the database failed over."
     *     }
     */
    AlertAcknowledge: {
      /** @description What you are doing about it. */
      comment: string;
      /**
       * Format: date-time
       * @description End it then at the latest (at most 30 days ahead); it ends anyway when the alert resolves.
       */
      until?: string;
    };
    /**
     * @description The one in force, if any.
     * @example {
     *       "id": "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
     *       "user": "8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f",
     *       "username": "alice",
     *       "comment": "Looking into it; the database failed over.",
     *       "created_at": "2026-11-26T10:00:00.000Z",
     *       "until": null,
     *       "ended_at": null,
     *       "end_reason": null
     *     }
     */
    AlertAcknowledgement: {
      /** @description What they said. */
      comment: string;
      /**
       * Format: date-time
       * @description When it was given.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description resolved: the alert resolved (it ends with its firing); expired: its `until` passed. */
      end_reason: ('resolved' | 'expired' | 'withdrawn' | 'replaced') | null;
      /**
       * @description When it ended; null: in force.
       * @example 2026-11-21T10:00:00.000Z
       */
      ended_at: string | null;
      /**
       * Format: uuid
       * @description The acknowledgement's ID.
       */
      id: string;
      /**
       * @description The end it was given, if any.
       * @example 2026-11-21T10:00:00.000Z
       */
      until: string | null;
      /** @description Who gave it. */
      user: string | null;
      /** @description Their username. */
      username: string | null;
    } | null;
    /**
     * @description One firing of an alert, with its acknowledgements.
     * @example {
     *       "id": "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
     *       "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *       "workspace": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "alertname": "EndpointDown",
     *       "severity": "critical",
     *       "state": "firing",
     *       "labels": {
     *         "alertname": "EndpointDown",
     *         "severity": "critical",
     *         "team": "payments",
     *         "endpoint": "shop"
     *       },
     *       "annotations": {
     *         "summary": "shop is down",
     *         "runbook_url": "https://runbooks.example.com/shop"
     *       },
     *       "fingerprint": "4c2f1e9a7b3d5e60",
     *       "subject": {
     *         "kind": "endpoint",
     *         "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a"
     *       },
     *       "starts_at": "2026-11-26T10:00:00.000Z",
     *       "ends_at": null,
     *       "acknowledged": true,
     *       "acknowledgement": {
     *         "id": "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
     *         "user": "8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f",
     *         "username": "alice",
     *         "comment": "Looking into it; the database failed over.",
     *         "created_at": "2026-11-26T10:00:00.000Z",
     *         "until": null,
     *         "ended_at": null,
     *         "end_reason": null
     *       },
     *       "acknowledgements": [
     *         {
     *           "id": "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
     *           "user": "8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f",
     *           "username": "alice",
     *           "comment": "Looking into it; the database failed over.",
     *           "created_at": "2026-11-26T10:00:00.000Z",
     *           "until": null,
     *           "ended_at": null,
     *           "end_reason": null
     *         }
     *       ]
     *     }
     */
    AlertDetail: components['schemas']['Alert'] & {
      /** @description Every acknowledgement of this firing, newest first. */
      acknowledgements: components['schemas']['AlertAcknowledgement'][];
    };
    /**
     * @description An API key, without its secret.
     * @example {
     *       "id": "9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *       "kind": "user",
     *       "name": "ci-deploy",
     *       "prefix": "plu_3xY9aQ",
     *       "organization": null,
     *       "role": null,
     *       "scopes": [
     *         "buckets:read",
     *         "buckets:write"
     *       ],
     *       "created_by": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *       "created_at": "2026-11-21T10:00:00.000Z",
     *       "expires_at": "2027-02-19T10:00:00.000Z",
     *       "last_used_at": null
     *     }
     */
    ApiKey: {
      /**
       * Format: date-time
       * @description When the key was created.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description Who created the key: for a user key, its owner. Organization and system keys belong to the organization and to the system, and keep working when their creator leaves. */
      created_by: string | null;
      /**
       * @description When the key stops working; null: never.
       * @example 2026-11-21T10:00:00.000Z
       */
      expires_at: string | null;
      /**
       * Format: uuid
       * @description The key's ID (used to revoke it).
       */
      id: string;
      /**
       * @description Whose key it is: a user’s, an organization’s or the system’s.
       * @enum {string}
       */
      kind: 'user' | 'organization' | 'system';
      /**
       * @description When the key was last used (updated at most about once a minute); null: never.
       * @example 2026-11-21T10:00:00.000Z
       */
      last_used_at: string | null;
      /** @description What the key is for, as its creator named it. */
      name: string;
      /** @description Organization keys: the organization's ID; null for other keys. */
      organization: string | null;
      /**
       * @description The first characters of the token, to recognise it.
       * @example plu_3xY9aQ
       */
      prefix: string;
      /** @description Organization keys: the role the key acts with; null for other keys. */
      role: components['schemas']['Role'] | null;
      /** @description The permission areas the key is limited to (docs/permissions.md); null: all the rights of its owner. */
      scopes: components['schemas']['Scope'][] | null;
    };
    /**
     * @description A new user or system key.
     * @example {
     *       "name": "ci-deploy",
     *       "expires_at": "2027-02-19T10:00:00Z",
     *       "scopes": [
     *         "buckets:read",
     *         "buckets:write"
     *       ]
     *     }
     */
    ApiKeyCreate: {
      /** @description Optional expiry (ISO 8601 with offset). Omit for a key that does not expire. */
      expires_at?: string | null;
      /** @description What the key is for, 1-100 characters. */
      name: string;
      /**
       * @description Limit the key to these permission areas (`buckets:write` implies `buckets:read`). Never more than its owner has: a scope in which the owner has no right is a 400. Omit for all the owner's rights. `keys:write` cannot be given: keys never manage keys.
       * @example [
       *       "buckets:read",
       *       "buckets:write"
       *     ]
       */
      scopes?: components['schemas']['Scope'][] | null;
    };
    /**
     * @description One audit-log entry.
     * @example {
     *       "id": 4711,
     *       "occurred_at": "2026-11-21T10:00:00.000Z",
     *       "event": "api_key.used",
     *       "actor": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *       "username": null,
     *       "api_key": "9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "ip": "203.0.113.7",
     *       "request_id": "1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61",
     *       "details": {
     *         "endpoint": "GET /api/v1/s3/buckets/"
     *       }
     *     }
     */
    AuditEntry: {
      /** @description The acting user (for keys: its owner or creator). */
      actor: string | null;
      /** @description The API key used, if any. */
      api_key: string | null;
      /** @description Event data: endpoint, reason, key name, provider… */
      details: {
        [key: string]: unknown;
      };
      /**
       * @description What happened (an `AuditEvent`; a string so that new kinds never break a client).
       * @example api_key.used
       */
      event: string;
      /** @description The entry number: later entries have higher numbers. */
      id: number;
      /** @description The client's address, if known. */
      ip: string | null;
      /**
       * Format: date-time
       * @description When it happened.
       * @example 2026-11-21T10:00:00.000Z
       */
      occurred_at: string;
      /** @description The organization concerned, if any. */
      organization: string | null;
      /** @description The ID of the request that caused it, if any. */
      request_id: string | null;
      /** @description For failed logins: the username that was tried. */
      username: string | null;
    };
    /**
     * @description The kind of an audit-log entry (docs/audit-log.md).
     * @enum {string}
     */
    AuditEvent:
      | 'login.succeeded'
      | 'login.failed'
      | 'sso.login'
      | 'sso.login_failed'
      | 'sso.group_sync'
      | 'sso.identity_linked'
      | 'session.logout'
      | 'session.revoked'
      | 'api_key.used'
      | 'service_account.used'
      | 'user.created'
      | 'user.updated'
      | 'organization.created'
      | 'organization.updated'
      | 'organization.deleted'
      | 'workspace.created'
      | 'workspace.updated'
      | 'workspace.deleted'
      | 'organization.member.added'
      | 'organization.member.changed'
      | 'organization.member.removed'
      | 'workspace.member.added'
      | 'workspace.member.changed'
      | 'workspace.member.removed'
      | 'api_key.created'
      | 'api_key.revoked'
      | 'bucket.created'
      | 'bucket.adopted'
      | 'bucket.updated'
      | 'bucket.deleted'
      | 'bucket.credentials_revealed'
      | 'bucket.credentials_rotated'
      | 'bucket.previous_credentials_removed'
      | 'bucket.imported'
      | 'action_run.started'
      | 'action_run.cancelled'
      | 'event.redelivered'
      | 'event_handler.secret_rotated'
      | 'event_handler.enabled'
      | 'event_handler.disabled'
      | 'agent.created'
      | 'agent.updated'
      | 'agent.archived'
      | 'agent.deleted'
      | 'agent.token_rotated'
      | 'check_endpoint.created'
      | 'check_endpoint.updated'
      | 'check_endpoint.deleted'
      | 'alert.acknowledged'
      | 'alert.unacknowledged';
    /**
     * @description An S3 bucket, without its secret.
     * @example {
     *       "id": "5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c",
     *       "name": "team-a-data",
     *       "region": "eu-central",
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *       "endpoint": "https://s3.eu-central.example.com",
     *       "state": "ready",
     *       "cors_allow_all": false,
     *       "origin": "created",
     *       "owner_reference": null,
     *       "created_for": null,
     *       "adoptable_by": null,
     *       "usage": {
     *         "bytes": 1048576,
     *         "objects": 12,
     *         "updated_at": "2026-11-21T09:55:00.000Z"
     *       },
     *       "credentials_rotated_at": null,
     *       "previous_key_expires_at": null,
     *       "created_at": "2026-11-20T14:00:00.000Z",
     *       "updated_at": "2026-11-20T14:00:05.000Z"
     *     }
     */
    Bucket: {
      /** @description The namespace the bucket was released to: an object there may adopt it while it has no owner. */
      adoptable_by: components['schemas']['NamespaceReference'] | null;
      /** @description Whether browsers on any origin may use the bucket. */
      cors_allow_all: boolean;
      /**
       * Format: date-time
       * @description When the bucket was created in Plinth.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description The owner reference the bucket was created with; never changes. */
      created_for: components['schemas']['OwnerReference'] | null;
      /**
       * @description When the access key was last rotated (null: never).
       * @example 2026-11-21T10:00:00.000Z
       */
      credentials_rotated_at: string | null;
      /** @description The S3 endpoint applications use (AWS_ENDPOINT_URL_S3). */
      endpoint: string;
      /**
       * Format: uuid
       * @description The bucket's ID.
       */
      id: string;
      /** @description The bucket name on the cluster (BUCKET_NAME). */
      name: string;
      /**
       * Format: uuid
       * @description The owning organization.
       */
      organization: string;
      /** @description `created` when the API made the bucket on the cluster, `adopted` when it already existed there. */
      origin: components['schemas']['BucketOrigin'] | null;
      /** @description The Kubernetes object that owns the bucket now, or null. */
      owner_reference: components['schemas']['OwnerReference'] | null;
      /**
       * @description When the key replaced by the last rotation stops working; null when no old key is left.
       * @example 2026-11-21T10:00:00.000Z
       */
      previous_key_expires_at: string | null;
      /** @description The region it lives in (see GET /api/v1/s3/regions/). */
      region: string;
      /**
       * @description `provisioning` while being made, `ready` for use, `deleting` while being removed.
       * @enum {string}
       */
      state: 'provisioning' | 'ready' | 'deleting';
      /**
       * Format: date-time
       * @description When it was last changed.
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
      /** @description Occupancy, refreshed by a periodic job. */
      usage: {
        /** @description Occupancy in bytes (null until first measured). */
        bytes: number | null;
        /** @description Number of objects (null until first measured). */
        objects: number | null;
        /**
         * @description When usage was last pulled from the cluster.
         * @example 2026-11-21T10:00:00.000Z
         */
        updated_at: string | null;
      };
      /**
       * Format: uuid
       * @description The workspace it belongs to.
       */
      workspace: string;
    };
    /**
     * @description A bucket to create, or to adopt when the caller already has it.
     * @example {
     *       "name": "team-a-data",
     *       "region": "eu-central",
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *       "cors_allow_all": false
     *     }
     */
    BucketCreate: {
      /** @description Let browsers on any origin use the bucket (false when absent). */
      cors_allow_all?: boolean;
      /** @description A DNS label of 3-63 lowercase letters, digits and dashes; unique in its region. */
      name: string;
      /**
       * Format: uuid
       * @description The owning organization.
       */
      organization: string;
      /** @description The Kubernetes object asking for the bucket (the operator sets it). */
      owner_reference?: components['schemas']['OwnerReference'];
      /** @description A region from GET /api/v1/s3/regions/. */
      region: string;
      /**
       * Format: uuid
       * @description A workspace of that organization.
       */
      workspace: string;
    };
    /**
     * @description The keys of the bucket's own access user, which may use this bucket only.
     * @example {
     *       "access_key_id": "PLB7QK2M9X4R",
     *       "secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
     *     }
     */
    BucketCredentials: {
      /** @description The bucket's access key (AWS_ACCESS_KEY_ID). */
      access_key_id: string;
      /** @description Its secret (AWS_SECRET_ACCESS_KEY). */
      secret_access_key: string;
    };
    /**
     * @description What the storage cluster says of a bucket now: whether the bucket and its current access key exist there.
     * @example {
     *       "bucket_id": "5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c",
     *       "healthy": true,
     *       "bucket_exists": true,
     *       "access_key_exists": true,
     *       "checked_at": "2026-11-25T02:00:00.000Z"
     *     }
     */
    BucketHealth: {
      /**
       * @description Whether the bucket's current access user (its access key) exists on the storage cluster.
       * @example true
       */
      access_key_exists: boolean;
      /**
       * @description Whether the bucket exists on its storage cluster.
       * @example true
       */
      bucket_exists: boolean;
      /**
       * Format: uuid
       * @description The bucket's ID.
       * @example 5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c
       */
      bucket_id: string;
      /**
       * Format: date-time
       * @description When the storage cluster answered (the time of this check).
       * @example 2026-11-25T02:00:00.000Z
       */
      checked_at: string;
      /**
       * @description True when both the bucket and its access key exist on the storage cluster.
       * @example true
       */
      healthy: boolean;
    };
    /**
     * @description A bucket that exists on a cluster but not in Plinth, to bring under management.
     * @example {
     *       "name": "legacy-reports",
     *       "region": "eu-central",
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d"
     *     }
     */
    BucketImport: {
      /** @description The bucket as it is named on the cluster. */
      name: string;
      /**
       * Format: uuid
       * @description The organization that will own it.
       */
      organization: string;
      /** @description The region whose cluster has the bucket. */
      region: string;
      /**
       * Format: uuid
       * @description A workspace of that organization.
       */
      workspace: string;
    };
    /**
     * @description How Plinth came to manage a bucket: `created` on the cluster by the API, or `adopted` as it already was.
     * @enum {string}
     */
    BucketOrigin: 'created' | 'adopted';
    /**
     * @description The fields to change; at least one.
     * @example {
     *       "cors_allow_all": true
     *     }
     */
    BucketUpdate: {
      /** @description Release the bucket to one namespace, whose objects may then adopt it while it has no owner (needs the right to reveal credentials); null withdraws the release. */
      adoptable_by?: components['schemas']['NamespaceReference'] | null;
      /** @description Allow or stop browser use from any origin. */
      cors_allow_all?: boolean;
      /** @description The Kubernetes object that owns the bucket (needs the right to reveal credentials); null drops it. */
      owner_reference?: components['schemas']['OwnerReference'] | null;
    };
    /**
     * @description An endpoint the agents check.
     * @example {
     *       "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
     *       "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *       "workspace": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "name": "shop",
     *       "kind": "http",
     *       "target": "https://shop.example.com/healthz",
     *       "frequency_s": 30,
     *       "timeout_ms": 10000,
     *       "locations": [],
     *       "enabled": true,
     *       "labels": {
     *         "severity": "critical",
     *         "team": "payments"
     *       },
     *       "annotations": {
     *         "runbook_url": "https://runbooks.example.com/shop"
     *       },
     *       "alert": {
     *         "failures": 3,
     *         "successes": 2,
     *         "min_locations": null
     *       },
     *       "http": {
     *         "method": "GET",
     *         "headers": {
     *           "Authorization": "[redacted]"
     *         },
     *         "expected_status": [
     *           200
     *         ],
     *         "body_match": null,
     *         "tls_expiry_days": 14,
     *         "insecure_skip_verify": false
     *       },
     *       "tcp": null,
     *       "dns": null,
     *       "created_at": "2026-11-26T10:00:00.000Z",
     *       "updated_at": "2026-11-26T10:00:00.000Z"
     *     }
     */
    CheckEndpoint: {
      /** @description The alert rule. */
      alert: {
        /** @description Failures in a row that make a location count it down. */
        failures: number;
        /** @description Locations down for EndpointDown; null: more than half. */
        min_locations: number | null;
        /** @description Successes in a row that make it up again. */
        successes: number;
      };
      /** @description Its alerts' annotations. */
      annotations: {
        [key: string]: string;
      };
      /**
       * Format: date-time
       * @description When it was created.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description For kind dns; null otherwise. */
      dns: {
        /** @description Answers that must all be present. */
        expected: string[];
        /** @description The record type asked. */
        record_type: string;
        /** @description The resolver asked; null: the agent's own. */
        server: string | null;
      } | null;
      /** @description Checked, or not. */
      enabled: boolean;
      /** @description Seconds between checks from each location. */
      frequency_s: number;
      /** @description For kind http; null otherwise. */
      http: {
        /** @description Text the body must contain. */
        body_match: string | null;
        /** @description The statuses that pass; empty: any 2xx. */
        expected_status: number[];
        /** @description Request headers (values `[redacted]` for people). */
        headers: {
          [key: string]: string;
        };
        /** @description Check a certificate no trusted authority signed. */
        insecure_skip_verify: boolean;
        /** @description The request method. */
        method: string;
        /** @description Fail when the certificate expires within this many days. */
        tls_expiry_days: number;
      } | null;
      /**
       * Format: uuid
       * @description The endpoint's ID.
       */
      id: string;
      /**
       * @description http(s), tcp or dns.
       * @enum {string}
       */
      kind: 'http' | 'tcp' | 'dns';
      /** @description Its alerts' labels. */
      labels: {
        [key: string]: string;
      };
      /** @description The locations that check it; empty: every agent that may. */
      locations: string[];
      /** @description Its name. */
      name: string;
      /**
       * Format: uuid
       * @description Its organization.
       */
      organization: string;
      /** @description What is checked. */
      target: string;
      /** @description For kind tcp; null otherwise. */
      tcp: {
        /** @description Text the banner must contain. */
        banner_match: string | null;
      } | null;
      /** @description How long a check may take, in ms. */
      timeout_ms: number;
      /**
       * Format: date-time
       * @description When it last changed.
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
      /**
       * Format: uuid
       * @description Its workspace.
       */
      workspace: string;
    };
    /**
     * @description A new endpoint to check.
     * @example {
     *       "workspace": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "name": "shop",
     *       "kind": "http",
     *       "target": "https://shop.example.com/healthz",
     *       "frequency_s": 30,
     *       "http": {
     *         "headers": {
     *           "Authorization": "Bearer health-check-token"
     *         },
     *         "expected_status": [
     *           200
     *         ]
     *       },
     *       "labels": {
     *         "severity": "critical",
     *         "team": "payments"
     *       },
     *       "annotations": {
     *         "runbook_url": "https://runbooks.example.com/shop"
     *       }
     *     }
     */
    CheckEndpointCreate: {
      alert?: components['schemas']['EndpointAlertRule'];
      annotations?: components['schemas']['EndpointAnnotations'];
      dns?: components['schemas']['DnsCheck'];
      /** @description Checked (true), or not. */
      enabled?: boolean;
      /**
       * @description Seconds between checks from each location: 10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600.
       * @enum {integer}
       */
      frequency_s?: 10 | 15 | 20 | 30 | 60 | 120 | 300 | 600 | 900 | 1800 | 3600;
      http?: components['schemas']['HttpCheck'];
      /**
       * @description http(s), tcp or dns.
       * @enum {string}
       */
      kind: 'http' | 'tcp' | 'dns';
      labels?: components['schemas']['EndpointLabels'];
      /** @description The locations that check it; empty: every agent that may. */
      locations?: string[];
      /** @description Its name, unique in the workspace. */
      name: string;
      /**
       * @description http: a URL; tcp: `host:port`; dns: the name to resolve.
       * @example https://shop.example.com/healthz
       */
      target: string;
      tcp?: components['schemas']['TcpCheck'];
      /** @description How long a check may take, in ms. */
      timeout_ms?: number;
      /**
       * Format: uuid
       * @description The workspace it belongs to.
       */
      workspace: string;
    };
    /**
     * @description An endpoint's uptime, reachability and latency over a window.
     * @example {
     *       "endpoint": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
     *       "window": "24h",
     *       "from": "2026-11-25T10:00:00.000Z",
     *       "to": "2026-11-26T10:00:00.000Z",
     *       "checks": 5760,
     *       "successes": 5748,
     *       "uptime": 0.998958,
     *       "reachability": 0.997917,
     *       "latency_ms": {
     *         "mean": 41.2,
     *         "p50": 38.055,
     *         "p95": 90.51,
     *         "p99": 152.219
     *       },
     *       "locations": [
     *         {
     *           "location": "eu-central",
     *           "checks": 2880,
     *           "successes": 2876,
     *           "uptime": 0.998611,
     *           "reachability": 0.998611,
     *           "latency_ms": {
     *             "mean": 30.1,
     *             "p50": 26.909,
     *             "p95": 64,
     *             "p99": 107.635
     *           }
     *         }
     *       ],
     *       "series": [
     *         {
     *           "at": "2026-11-25T10:00:00.000Z",
     *           "checks": 96,
     *           "successes": 96,
     *           "p50_ms": 38.055,
     *           "p95_ms": 76.109
     *         }
     *       ]
     *     }
     */
    CheckEndpointStats: {
      /** @description Checks made. */
      checks: number;
      /**
       * Format: uuid
       * @description The endpoint.
       */
      endpoint: string;
      /**
       * Format: date-time
       * @description Its start (a five-minute boundary).
       * @example 2026-11-21T10:00:00.000Z
       */
      from: string;
      /** @description Check durations; percentiles from a histogram, at most 19% above the true ones. */
      latency_ms: {
        /** @description The mean duration, in ms. */
        mean: number | null;
        /** @description The median, in ms. */
        p50: number | null;
        /** @description The 95th percentile, in ms. */
        p95: number | null;
        /** @description The 99th percentile, in ms. */
        p99: number | null;
      };
      /** @description The same figures per location. */
      locations: {
        /** @description Checks made. */
        checks: number;
        /** @description Check durations; percentiles from a histogram, at most 19% above the true ones. */
        latency_ms: {
          /** @description The mean duration, in ms. */
          mean: number | null;
          /** @description The median, in ms. */
          p50: number | null;
          /** @description The 95th percentile, in ms. */
          p95: number | null;
          /** @description The 99th percentile, in ms. */
          p99: number | null;
        };
        /** @description The location. */
        location: string;
        /** @description Share of checks that succeeded. */
        reachability: number | null;
        /** @description Checks that succeeded. */
        successes: number;
        /** @description Share of check periods with at least one success from any location (null: no checks). */
        uptime: number | null;
      }[];
      /** @description Share of checks that succeeded. */
      reachability: number | null;
      /** @description Up to 60 points over the window, for a chart. */
      series: {
        /**
         * Format: date-time
         * @description The point's start.
         * @example 2026-11-21T10:00:00.000Z
         */
        at: string;
        /** @description Checks in it. */
        checks: number;
        /** @description The median duration, in ms. */
        p50_ms: number | null;
        /** @description The 95th percentile, in ms. */
        p95_ms: number | null;
        /** @description Successful checks in it. */
        successes: number;
      }[];
      /** @description Checks that succeeded. */
      successes: number;
      /**
       * Format: date-time
       * @description Its end: now.
       * @example 2026-11-21T10:00:00.000Z
       */
      to: string;
      /** @description Share of check periods with at least one success from any location (null: no checks). */
      uptime: number | null;
      /**
       * @description The period asked.
       * @enum {string}
       */
      window: '1h' | '24h' | '7d' | '30d';
    };
    /**
     * @description A change to an endpoint.
     * @example {
     *       "enabled": false
     *     }
     */
    CheckEndpointUpdate: {
      alert?: components['schemas']['EndpointAlertRule'];
      annotations?: components['schemas']['EndpointAnnotations'];
      /** @description The dns settings, as a whole. */
      dns?: components['schemas']['DnsCheck'];
      /** @description Checked (true), or not (its alerts resolve). */
      enabled?: boolean;
      /**
       * @description Seconds between checks from each location: 10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600.
       * @enum {integer}
       */
      frequency_s?: 10 | 15 | 20 | 30 | 60 | 120 | 300 | 600 | 900 | 1800 | 3600;
      /** @description The http settings, as a whole. */
      http?: components['schemas']['HttpCheck'];
      labels?: components['schemas']['EndpointLabels'];
      /** @description The locations that check it; empty: every agent that may. */
      locations?: string[];
      /** @description A new name, unique in the workspace. */
      name?: string;
      /**
       * @description http: a URL; tcp: `host:port`; dns: the name to resolve.
       * @example https://shop.example.com/healthz
       */
      target?: string;
      /** @description The tcp settings, as a whole. */
      tcp?: components['schemas']['TcpCheck'];
      /** @description How long a check may take, in ms. */
      timeout_ms?: number;
    };
    /**
     * @description One check's result (the original product's field names).
     * @example {
     *       "result_id": "0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
     *       "endpoint_id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
     *       "success": true,
     *       "checked_at": "2026-11-26T10:00:00.000Z",
     *       "duration_ms": 41.2,
     *       "status_code": 200,
     *       "http_dns_lookup_ms": 1.1,
     *       "http_tcp_connect_ms": 5.3,
     *       "http_tls_handshake_ms": 12.4,
     *       "http_time_to_first_byte_ms": 38.9,
     *       "http_tls_days_until_expiry": 61
     *     }
     */
    CheckResult: {
      /**
       * Format: date-time
       * @description When the check began (at most 5 minutes ahead).
       */
      checked_at: string;
      /** @description dns: DNSSEC validated. */
      dns_dnssec_valid?: boolean | null;
      /** @description dns: every expected answer was there. */
      dns_matched?: boolean | null;
      /** @description dns: udp or tcp. */
      dns_protocol?: string | null;
      /** @description dns: the query, in ms. */
      dns_query_time_ms?: number | null;
      /** @description dns: the answer code (NOERROR, NXDOMAIN, …). */
      dns_rcode?: string | null;
      /** @description dns: the record type asked. */
      dns_record_type?: string | null;
      /** @description dns: the answers. */
      dns_records?: string[] | null;
      /** @description How long the check took, in ms. */
      duration_ms: number;
      /**
       * Format: uuid
       * @description The endpoint checked.
       */
      endpoint_id: string;
      /** @description Why it failed (ECONNREFUSED, HTTP_STATUS, CERT_EXPIRING, …). */
      error_code?: string | null;
      /** @description A short message about the failure. */
      error_message?: string | null;
      /** @description The error's name. */
      error_name?: string | null;
      /** @description http: name resolution, in ms. */
      http_dns_lookup_ms?: number | null;
      /** @description What kind of failure it was. */
      http_error_category?:
        ('timeout' | 'connection' | 'dns' | 'network' | 'response' | 'configuration' | 'other') | null;
      /** @description http: the answer's size in bytes. */
      http_response_size_bytes?: number | null;
      /** @description http: the TCP connection, in ms. */
      http_tcp_connect_ms?: number | null;
      /** @description http: until the answer's first byte, in ms. */
      http_time_to_first_byte_ms?: number | null;
      /** @description http: days until the certificate's end (negative: expired). */
      http_tls_days_until_expiry?: number | null;
      /** @description http: the TLS handshake, in ms. */
      http_tls_handshake_ms?: number | null;
      /** @description http: the certificate's issuer. */
      http_tls_issuer?: string | null;
      /** @description http: the certificate's subject. */
      http_tls_subject?: string | null;
      /** @description http: a trusted authority signed the certificate. */
      http_tls_valid?: boolean | null;
      /** @description http: the TLS version. */
      http_tls_version?: string | null;
      /** @description icmp: the longest round trip, in ms. */
      icmp_max_rtt_ms?: number | null;
      /** @description icmp: the shortest round trip, in ms. */
      icmp_min_rtt_ms?: number | null;
      /** @description icmp: packets lost, in %. */
      icmp_packet_loss_percent?: number | null;
      /** @description icmp: packets received. */
      icmp_packets_received?: number | null;
      /** @description icmp: packets sent. */
      icmp_packets_sent?: number | null;
      /** @description icmp: the round trip, in ms. */
      icmp_rtt_ms?: number | null;
      /** @description The address the target resolved to. */
      resolved_ip?: string | null;
      /**
       * Format: uuid
       * @description The ID the agent made for this result: a batch sent again is stored once.
       */
      result_id: string;
      /** @description http: the certificate's end. */
      ssl_cert_not_after?: string | null;
      /** @description http: the answer's status. */
      status_code?: number | null;
      /** @description The check passed. */
      success: boolean;
      /** @description tcp: the first bytes the server sent. */
      tcp_banner?: string | null;
      /** @description tcp: the connection was made. */
      tcp_connected?: boolean | null;
      /** @description tcp: the banner matched. */
      tcp_response_matched?: boolean | null;
    };
    /**
     * @description A batch of check results.
     * @example {
     *       "results": [
     *         {
     *           "result_id": "0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
     *           "endpoint_id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
     *           "success": true,
     *           "checked_at": "2026-11-26T10:00:00.000Z",
     *           "duration_ms": 41.2,
     *           "status_code": 200,
     *           "http_dns_lookup_ms": 1.1,
     *           "http_tcp_connect_ms": 5.3,
     *           "http_tls_handshake_ms": 12.4,
     *           "http_time_to_first_byte_ms": 38.9,
     *           "http_tls_days_until_expiry": 61
     *         }
     *       ]
     *     }
     */
    CheckResultBatch: {
      /** @description 1 to 500 results, oldest first. */
      results: components['schemas']['CheckResult'][];
    };
    /**
     * @description What became of a batch.
     * @example {
     *       "accepted": 199,
     *       "duplicates": 1,
     *       "rejected": []
     *     }
     */
    CheckResultOutcome: {
      /** @description Results stored now. */
      accepted: number;
      /** @description Results stored before (a batch sent again). */
      duplicates: number;
      /** @description Results not stored, and why. Do not send them again. */
      rejected: {
        /**
         * @description endpoint_unknown: not an endpoint this agent may check; checked_at_in_future: the agent's clock is ahead.
         * @enum {string}
         */
        reason: 'endpoint_unknown' | 'checked_at_in_future';
        /**
         * Format: uuid
         * @description The result.
         */
        result_id: string;
      }[];
    };
    /**
     * @description A new API key with its secret, which no later answer shows again.
     * @example {
     *       "id": "9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *       "kind": "user",
     *       "name": "ci-deploy",
     *       "prefix": "plu_3xY9aQ",
     *       "organization": null,
     *       "role": null,
     *       "scopes": [
     *         "buckets:read",
     *         "buckets:write"
     *       ],
     *       "created_by": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *       "created_at": "2026-11-21T10:00:00.000Z",
     *       "expires_at": "2027-02-19T10:00:00.000Z",
     *       "last_used_at": null,
     *       "token": "plu_3xY9aQ7mK2pL9vR4tW8zB1nC6dF0gH5jS"
     *     }
     */
    CreatedApiKey: components['schemas']['ApiKey'] & {
      /** @description The secret. Shown in this response only; store it now. */
      token: string;
    };
    /**
     * @description A bucket with its access credentials: the answer to a creation, an adoption or an import.
     * @example {
     *       "id": "5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c",
     *       "name": "team-a-data",
     *       "region": "eu-central",
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *       "endpoint": "https://s3.eu-central.example.com",
     *       "state": "ready",
     *       "cors_allow_all": false,
     *       "origin": "created",
     *       "owner_reference": null,
     *       "created_for": null,
     *       "adoptable_by": null,
     *       "usage": {
     *         "bytes": 1048576,
     *         "objects": 12,
     *         "updated_at": "2026-11-21T09:55:00.000Z"
     *       },
     *       "credentials_rotated_at": null,
     *       "previous_key_expires_at": null,
     *       "created_at": "2026-11-20T14:00:00.000Z",
     *       "updated_at": "2026-11-20T14:00:05.000Z",
     *       "credentials": {
     *         "access_key_id": "PLB7QK2M9X4R",
     *         "secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
     *       }
     *     }
     */
    CreatedBucket: components['schemas']['Bucket'] & {
      credentials: components['schemas']['BucketCredentials'];
    };
    /**
     * @description A rotation of the bucket access key.
     * @example {
     *       "grace_seconds": 3600
     *     }
     */
    CredentialRotation: {
      /** @description How long the old key keeps working, in seconds: the API's default (PLINTH_CREDENTIAL_GRACE_SECONDS, 1 day) when absent, at most PLINTH_CREDENTIAL_GRACE_MAX_SECONDS (7 days); 0 ends it at once (a leaked key). */
      grace_seconds?: number;
    };
    /**
     * @description An event on its way to one handler, with every attempt.
     * @example {
     *       "id": "0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a",
     *       "event": "5f0c2d1e-8a7b-4c3d-9e2f-1a0b9c8d7e6f",
     *       "handler": "webhook",
     *       "kind": "webhook",
     *       "state": "delivered",
     *       "attempts": 1,
     *       "last_status": 200,
     *       "last_error": null,
     *       "next_attempt_at": null,
     *       "delivered_at": "2026-11-26T04:30:01.000Z",
     *       "history": [
     *         {
     *           "attempt": 1,
     *           "at": "2026-11-26T04:30:01.000Z",
     *           "status_code": 200,
     *           "duration_ms": 42,
     *           "error": null,
     *           "excerpt": "ok"
     *         }
     *       ]
     *     }
     */
    Delivery: {
      /** @description Attempts made. */
      attempts: number;
      /**
       * @description When it was delivered.
       * @example 2026-11-21T10:00:00.000Z
       */
      delivered_at: string | null;
      /**
       * Format: uuid
       * @description The event delivered.
       */
      event: string;
      /** @description The handler's name in the workspace configuration. */
      handler: string;
      /** @description Every attempt, oldest first. */
      history: components['schemas']['DeliveryAttempt'][];
      /**
       * Format: uuid
       * @description The delivery's ID.
       */
      id: string;
      /**
       * @description The handler kind.
       * @enum {string}
       */
      kind: 'workspace' | 'webhook';
      /** @description The last attempt's error. */
      last_error: string | null;
      /** @description The last attempt's status code. */
      last_status: number | null;
      /**
       * @description When the next attempt is due.
       * @example 2026-11-21T10:00:00.000Z
       */
      next_attempt_at: string | null;
      /**
       * @description pending: an attempt is due; failed: attempts used up or the receiver answered 410.
       * @enum {string}
       */
      state: 'pending' | 'delivered' | 'failed' | 'disabled';
    };
    /**
     * @description One attempt of a delivery.
     * @example {
     *       "attempt": 1,
     *       "at": "2026-11-26T04:30:01.000Z",
     *       "status_code": 200,
     *       "duration_ms": 42,
     *       "error": null,
     *       "excerpt": "ok"
     *     }
     */
    DeliveryAttempt: {
      /**
       * Format: date-time
       * @description When it was made.
       * @example 2026-11-21T10:00:00.000Z
       */
      at: string;
      /** @description The attempt, from 1. */
      attempt: number;
      /** @description How long it took. */
      duration_ms: number;
      /** @description Why it failed; null: delivered. */
      error: string | null;
      /** @description The first 2 KB of the answer. */
      excerpt: string;
      /** @description The receiver's status; null: no answer. */
      status_code: number | null;
    };
    /** @description For kind dns. */
    DnsCheck: {
      /** @description Answers that must all be present; empty: any answer passes. */
      expected?: string[];
      /**
       * @description The record type asked.
       * @enum {string}
       */
      record_type?: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS';
      /** @description The resolver to ask (`10.0.0.53:53`); null: the agent's own. */
      server?: string | null;
    };
    /** @description The alert rule. */
    EndpointAlertRule: {
      /** @description A location counts the endpoint down after this many failed checks in a row. */
      failures?: number;
      /** @description `EndpointDown` when at least this many locations count it down (null: more than half of those reporting); fewer is `EndpointPartiallyDown` (a warning). */
      min_locations?: number | null;
      /** @description …and up again after this many successful checks in a row. */
      successes?: number;
    };
    /** @description The annotations of the endpoint's alerts. */
    EndpointAnnotations: {
      /**
       * Format: uri
       * @description Where to look.
       */
      dashboard_url?: string;
      /** @description More about the alert (default: what fails, where). */
      description?: string;
      /**
       * Format: uri
       * @description What to do when it fires.
       */
      runbook_url?: string;
      /** @description One line for the alert (default: "<name> is down"). */
      summary?: string;
    };
    /** @description The labels of the endpoint's alerts (the platform's conventions). */
    EndpointLabels: {
      /** @description The component it is part of. */
      component?: string;
      /** @description production, staging, … */
      environment?: string;
      /**
       * @description critical: respond now; warning: within 24 hours; info: no action needed.
       * @enum {string}
       */
      severity?: 'critical' | 'warning' | 'info';
      /** @description The team that answers its alerts. */
      team?: string;
    };
    /**
     * @description The body of every error answer under /api.
     * @example {
     *       "detail": "The request is not valid; see errors for each field.",
     *       "code": "invalid",
     *       "errors": [
     *         {
     *           "attr": "name",
     *           "code": "min_length",
     *           "detail": "Ensure this field has at least 1 character."
     *         }
     *       ],
     *       "request_id": "1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61"
     *     }
     */
    ErrorResponse: {
      /**
       * @description A stable machine-readable code (docs/http-api.md lists when each is used).
       * @enum {string}
       */
      code:
        | 'invalid'
        | 'parse_error'
        | 'invalid_character'
        | 'not_authenticated'
        | 'authentication_failed'
        | 'unsupported_authentication_scheme'
        | 'token_malformed'
        | 'token_invalid'
        | 'token_expired'
        | 'token_revoked'
        | 'token_wrong_kind'
        | 'user_inactive'
        | 'issuer_unavailable'
        | 'permission_denied'
        | 'insufficient_scope'
        | 'interactive_login_required'
        | 'no_user'
        | 'host_not_allowed'
        | 'origin_not_allowed'
        | 'not_found'
        | 'invalid_page'
        | 'method_not_allowed'
        | 'conflict'
        | 'payload_too_large'
        | 'unsupported_media_type'
        | 'throttled'
        | 'password_hashing_busy'
        | 'server_error'
        | 'service_unavailable'
        | 'not_ready'
        | 'not_a_login_token'
        | 'self_lockout'
        | 'organization_not_empty'
        | 'workspace_not_empty'
        | 'not_supported'
        | 'bucket_name_taken'
        | 'bucket_busy'
        | 'bucket_deleting'
        | 'bucket_not_empty'
        | 'bucket_unmanaged'
        | 'rotation_rate_limited'
        | 'storage_unavailable'
        | 'storage_busy'
        | 'previous_key_removal_pending'
        | 'no_runner'
        | 'run_ended'
        | 'run_not_client'
        | 'agent_token_required'
        | 'agent_mismatch'
        | 'agent_name_taken'
        | 'agent_archived'
        | 'endpoint_name_taken'
        | 'alert_resolved';
      /** @description A human sentence saying what went wrong. */
      detail: string;
      /** @description Validation errors, one per field problem (400 only). */
      errors?: components['schemas']['FieldError'][];
      /** @description The request's ID, the same as the `X-Request-Id` header and in the server's log. */
      request_id?: string;
    };
    /**
     * @description The event of one executed action (one step of a workflow).
     * @example {
     *       "id": "5f0c2d1e-8a7b-4c3d-9e2f-1a0b9c8d7e6f",
     *       "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *       "transaction": "2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e",
     *       "level": "Info",
     *       "payload": {
     *         "labels": {
     *           "svc.event.class": "svc",
     *           "svc.event.level": "Info"
     *         },
     *         "block": "app",
     *         "action": "deploy"
     *       },
     *       "created_at": "2026-11-26T04:30:00.000Z"
     *     }
     */
    Event: {
      /**
       * Format: date-time
       * @description When the event was recorded.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: uuid
       * @description The event's ID: every webhook delivery of it has it as `webhook-id`.
       */
      id: string;
      /**
       * @description Info: exit 0; Error: a failure or kill.
       * @enum {string}
       */
      level: 'Info' | 'Warning' | 'Error';
      /** @description The event as handlers receive it, without `config` (each handler gets its own). */
      payload: {
        [key: string]: unknown;
      };
      /**
       * Format: uuid
       * @description The run (transaction) it is the event of.
       */
      transaction: string;
      /**
       * Format: uuid
       * @description The workspace.
       */
      workspace: string;
    };
    /**
     * @description An event handler of a workspace's configuration and its state.
     * @example {
     *       "name": "webhook",
     *       "handler": "webhook",
     *       "endpoint": "https://hooks.example.com/plinth",
     *       "signed": true,
     *       "previous_secret_until": null,
     *       "disabled_at": null,
     *       "disabled_reason": null
     *     }
     */
    EventHandler: {
      /**
       * @description When a 410 answer disabled it; null: enabled.
       * @example 2026-11-21T10:00:00.000Z
       */
      disabled_at: string | null;
      /** @description Why it was disabled. */
      disabled_reason: string | null;
      /** @description A webhook’s URL. */
      endpoint: string | null;
      /**
       * @description The handler kind.
       * @enum {string}
       */
      handler: 'workspace' | 'webhook';
      /** @description The handler's name (default: its kind). */
      name: string;
      /**
       * @description Until when deliveries are signed with the previous secret too (a rotation’s grace).
       * @example 2026-11-21T10:00:00.000Z
       */
      previous_secret_until: string | null;
      /** @description Deliveries carry a Standard Webhooks signature. */
      signed: boolean;
    };
    /** @description One problem with one field of the request. */
    FieldError: {
      /**
       * @description The dotted path of the field (`owner.id`), or `non_field_errors` for the whole object.
       * @example name
       */
      attr: string;
      /**
       * @description What is wrong with it: `required`, `invalid`, `invalid_type`, `min_length`, `max_length`, `min_value`, `max_value`, `invalid_choice`, `unknown_field`, `invalid_character`, `max_depth`, `empty`, `unique`, `does_not_exist`, `not_grantable`, `beyond_owner`.
       * @example min_length
       */
      code: string;
      /**
       * @description A human sentence about this field.
       * @example Ensure this field has at least 1 character.
       */
      detail: string;
    };
    /**
     * @description A handler's new signing secret, shown once.
     * @example {
     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
     *       "previous_secret_until": null
     *     }
     */
    HandlerSecret: {
      /**
       * @description Until when the previous one still signs.
       * @example 2026-11-21T10:00:00.000Z
       */
      previous_secret_until: string | null;
      /** @description The new `whsec_` secret, shown this once. */
      secret: string;
    };
    /**
     * @description A new signing secret.
     * @example {
     *       "grace_seconds": 3600
     *     }
     */
    HandlerSecretRotate: {
      /** @description How long the previous secret still signs (both signatures are sent); default 86400. */
      grace_seconds?: number;
    };
    /** @description For kind http (its defaults otherwise). */
    HttpCheck: {
      /** @description Text the body must contain (first MiB). */
      body_match?: string | null;
      /** @description The statuses that pass; empty: any 2xx. */
      expected_status?: number[];
      /** @description Request headers (at most 20); their values are write-only. */
      headers?: {
        [key: string]: string;
      };
      /** @description Check a certificate no trusted authority signed (its expiry is still checked). */
      insecure_skip_verify?: boolean;
      /**
       * @description The request method.
       * @enum {string}
       */
      method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'OPTIONS';
      /** @description Fail when the certificate expires within this many days (0: never on expiry alone). */
      tls_expiry_days?: number;
    };
    /**
     * @description A user's identity at an identity provider.
     * @example {
     *       "id": "0b9d6c43-8a4e-4b41-9c55-3f4c1d2e8a10",
     *       "provider": "keycloak",
     *       "issuer": "https://sso.example.com/realms/plinth",
     *       "subject": "f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718",
     *       "created_at": "2026-11-24T09:00:00.000Z"
     *     }
     */
    Identity: {
      /**
       * Format: date-time
       * @description When the link was made.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: uuid
       * @description The identity's ID.
       */
      id: string;
      /** @description The provider's issuer URL. */
      issuer: string;
      /** @description The provider name. */
      provider: string;
      /** @description The subject at the provider. */
      subject: string;
    };
    /**
     * @description An identity at a configured provider to link a user to.
     * @example {
     *       "provider": "keycloak",
     *       "subject": "f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718"
     *     }
     */
    IdentityLink: {
      /** @description The provider name in the API configuration. */
      provider: string;
      /** @description The user's subject (`sub`) at that provider. */
      subject: string;
    };
    /**
     * @description A provider's ID token to exchange for a login token.
     * @example {
     *       "provider": "keycloak",
     *       "id_token": "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmM2IxIn0.c2ln"
     *     }
     */
    IdTokenLogin: {
      /** @description The access token that came with the ID token, used only to read the groups from userinfo when the ID token has no groups claim. Without either, the groups are unknown and the roles stay as they are. */
      access_token?: string;
      /** @description An ID token the provider issued to its `cli_client_id` (device authorization grant), at most 5 minutes old; accepted once. */
      id_token: string;
      /** @description The provider name. */
      provider: string;
    };
    /**
     * @description A local user's credentials.
     * @example {
     *       "username": "alice",
     *       "password": "correct-horse-battery"
     *     }
     */
    LoginRequest: {
      /** @description The password. */
      password: string;
      /** @description The username. */
      username: string;
    };
    /**
     * @description A login token.
     * @example {
     *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZDNmIn0.c2lnbmF0dXJl",
     *       "expires_at": "2026-11-21T22:00:00.000Z"
     *     }
     */
    LoginResponse: {
      /**
       * Format: date-time
       * @description When the token stops working.
       * @example 2026-11-21T10:00:00.000Z
       */
      expires_at: string;
      /** @description A short-lived bearer token (JWT): `Authorization: Bearer <token>`. */
      token: string;
    };
    /**
     * @description A user with a role in an organization or workspace.
     * @example {
     *       "user": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *       "username": "alice",
     *       "full_name": "Alice Example",
     *       "role": "user",
     *       "source": "manual",
     *       "created_at": "2026-11-02T10:00:00.000Z"
     *     }
     */
    Member: {
      /**
       * Format: date-time
       * @description When the membership was granted.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description The member's display name. */
      full_name: string;
      role: components['schemas']['Role'];
      source: components['schemas']['MembershipSource'];
      /**
       * Format: uuid
       * @description The member's user ID.
       */
      user: string;
      /** @description The member's username. */
      username: string;
    };
    /**
     * @description Exactly one of `username` and `email` names the user to add.
     * @example {
     *       "username": "alice",
     *       "role": "user"
     *     }
     */
    MemberCreate: {
      /** @description The e-mail address (any case). */
      email?: string;
      role: components['schemas']['Role'];
      /** @description The username (any case). */
      username?: string;
    };
    /**
     * @description Where a role came from: `manual` (granted in Plinth) or `idp` (the identity provider's groups, kept in sync at each sign-in; docs/sso.md).
     * @enum {string}
     */
    MembershipSource: 'manual' | 'idp';
    /**
     * @description A member's new role.
     * @example {
     *       "role": "viewer"
     *     }
     */
    MemberUpdate: {
      role: components['schemas']['Role'];
    };
    /** @description One namespace of one Kubernetes cluster. */
    NamespaceReference: {
      /** @description The Kubernetes cluster (the operator’s ID). */
      cluster_id: string;
      /** @description The namespace. */
      namespace: string;
    };
    /**
     * @description An organization: the tenant that owns workspaces, buckets, members and keys.
     * @example {
     *       "id": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "slug": "team-a",
     *       "name": "Team A",
     *       "created_at": "2026-11-01T08:00:00.000Z",
     *       "updated_at": "2026-11-01T08:00:00.000Z"
     *     }
     */
    Organization: {
      /**
       * Format: date-time
       * @description When the organization was created.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: uuid
       * @description The organization's ID.
       */
      id: string;
      /** @description The display name. */
      name: string;
      /** @description Unique short name, used in OIDC group names: svc-{slug}-admins, -users, -viewers. */
      slug: string;
      /**
       * Format: date-time
       * @description When the organization was last changed.
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
    };
    /**
     * @description A new organization key.
     * @example {
     *       "name": "grafana",
     *       "role": "viewer",
     *       "expires_at": null
     *     }
     */
    OrganizationApiKeyCreate: {
      /** @description Optional expiry (ISO 8601 with offset). Omit for a key that does not expire. */
      expires_at?: string | null;
      /** @description What the key is for, 1-100 characters. */
      name: string;
      /** @description The role the key acts with in the organization; `viewer` when absent. */
      role?: components['schemas']['Role'];
      /**
       * @description Limit the key to these permission areas (`buckets:write` implies `buckets:read`). Never more than its owner has: a scope in which the owner has no right is a 400. Omit for all the owner's rights. `keys:write` cannot be given: keys never manage keys.
       * @example [
       *       "buckets:read",
       *       "buckets:write"
       *     ]
       */
      scopes?: components['schemas']['Scope'][] | null;
    };
    /**
     * @description A new organization.
     * @example {
     *       "slug": "team-a",
     *       "name": "Team A"
     *     }
     */
    OrganizationCreate: {
      /** @description The display name, 1-200 characters. */
      name: string;
      /** @description Unique; 2-50 lowercase letters, digits and dashes, no dash at either end. */
      slug: string;
    };
    /**
     * @description The fields to change; at least one.
     * @example {
     *       "name": "Team A (Berlin)"
     *     }
     */
    OrganizationUpdate: {
      /** @description A new display name. */
      name?: string;
      /** @description A new unique slug (changes the OIDC group names). */
      slug?: string;
    };
    /** @description The Kubernetes object that asked for the bucket (set by the operator). */
    OwnerReference: {
      /** @description The Kubernetes cluster (the operator’s ID). */
      cluster_id: string;
      /** @description The object's name. */
      name: string;
      /** @description The object's namespace. */
      namespace: string;
      /** @description The object's UID. */
      uid: string;
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e",
     *           "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *           "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *           "block": "app",
     *           "action": "deploy",
     *           "workflow": null,
     *           "workflow_run": null,
     *           "step": null,
     *           "command": "deploy --env production",
     *           "client_version": null,
     *           "run_by": "server",
     *           "runner": "oci",
     *           "image": "deployer:v1",
     *           "user": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *           "user_email": "alice@example.com",
     *           "user_name": "Alice",
     *           "status": "stopped",
     *           "exit_code": 0,
     *           "reason": null,
     *           "snapshot_id": "sha256:9f2c…",
     *           "deadline_seconds": 600,
     *           "output_kept": false,
     *           "output_truncated": false,
     *           "created_at": "2026-11-26T04:30:00.000Z",
     *           "started_at": "2026-11-26T04:30:00.100Z",
     *           "finished_at": "2026-11-26T04:30:02.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedActionRunList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['ActionRun'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b",
     *           "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *           "workspace": null,
     *           "name": "eu-probe-1",
     *           "location": "eu-central",
     *           "description": "Rack 4, Frankfurt",
     *           "archived": false,
     *           "health": "healthy",
     *           "version": "0.1.0",
     *           "uptime_seconds": 86400,
     *           "last_report_at": "2026-11-26T10:00:00.000Z",
     *           "token_prefix": "pla_3kQ9xZ",
     *           "created_at": "2026-11-26T10:00:00.000Z",
     *           "updated_at": "2026-11-26T10:00:00.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedAgentList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['Agent'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
     *           "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *           "workspace": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *           "alertname": "EndpointDown",
     *           "severity": "critical",
     *           "state": "firing",
     *           "labels": {
     *             "alertname": "EndpointDown",
     *             "severity": "critical",
     *             "team": "payments",
     *             "endpoint": "shop"
     *           },
     *           "annotations": {
     *             "summary": "shop is down",
     *             "runbook_url": "https://runbooks.example.com/shop"
     *           },
     *           "fingerprint": "4c2f1e9a7b3d5e60",
     *           "subject": {
     *             "kind": "endpoint",
     *             "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a"
     *           },
     *           "starts_at": "2026-11-26T10:00:00.000Z",
     *           "ends_at": null,
     *           "acknowledged": true,
     *           "acknowledgement": {
     *             "id": "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
     *             "user": "8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f",
     *             "username": "alice",
     *             "comment": "Looking into it; the database failed over.",
     *             "created_at": "2026-11-26T10:00:00.000Z",
     *             "until": null,
     *             "ended_at": null,
     *             "end_reason": null
     *           }
     *         }
     *       ]
     *     }
     */
    PaginatedAlertList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['Alert'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *           "kind": "user",
     *           "name": "ci-deploy",
     *           "prefix": "plu_3xY9aQ",
     *           "organization": null,
     *           "role": null,
     *           "scopes": [
     *             "buckets:read",
     *             "buckets:write"
     *           ],
     *           "created_by": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *           "created_at": "2026-11-21T10:00:00.000Z",
     *           "expires_at": "2027-02-19T10:00:00.000Z",
     *           "last_used_at": null
     *         }
     *       ]
     *     }
     */
    PaginatedApiKeyList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['ApiKey'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": 4711,
     *           "occurred_at": "2026-11-21T10:00:00.000Z",
     *           "event": "api_key.used",
     *           "actor": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *           "username": null,
     *           "api_key": "9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *           "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *           "ip": "203.0.113.7",
     *           "request_id": "1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61",
     *           "details": {
     *             "endpoint": "GET /api/v1/s3/buckets/"
     *           }
     *         }
     *       ]
     *     }
     */
    PaginatedAuditEntryList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['AuditEntry'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c",
     *           "name": "team-a-data",
     *           "region": "eu-central",
     *           "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *           "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *           "endpoint": "https://s3.eu-central.example.com",
     *           "state": "ready",
     *           "cors_allow_all": false,
     *           "origin": "created",
     *           "owner_reference": null,
     *           "created_for": null,
     *           "adoptable_by": null,
     *           "usage": {
     *             "bytes": 1048576,
     *             "objects": 12,
     *             "updated_at": "2026-11-21T09:55:00.000Z"
     *           },
     *           "credentials_rotated_at": null,
     *           "previous_key_expires_at": null,
     *           "created_at": "2026-11-20T14:00:00.000Z",
     *           "updated_at": "2026-11-20T14:00:05.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedBucketList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['Bucket'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
     *           "organization": "3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
     *           "workspace": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *           "name": "shop",
     *           "kind": "http",
     *           "target": "https://shop.example.com/healthz",
     *           "frequency_s": 30,
     *           "timeout_ms": 10000,
     *           "locations": [],
     *           "enabled": true,
     *           "labels": {
     *             "severity": "critical",
     *             "team": "payments"
     *           },
     *           "annotations": {
     *             "runbook_url": "https://runbooks.example.com/shop"
     *           },
     *           "alert": {
     *             "failures": 3,
     *             "successes": 2,
     *             "min_locations": null
     *           },
     *           "http": {
     *             "method": "GET",
     *             "headers": {
     *               "Authorization": "[redacted]"
     *             },
     *             "expected_status": [
     *               200
     *             ],
     *             "body_match": null,
     *             "tls_expiry_days": 14,
     *             "insecure_skip_verify": false
     *           },
     *           "tcp": null,
     *           "dns": null,
     *           "created_at": "2026-11-26T10:00:00.000Z",
     *           "updated_at": "2026-11-26T10:00:00.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedCheckEndpointList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['CheckEndpoint'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "5f0c2d1e-8a7b-4c3d-9e2f-1a0b9c8d7e6f",
     *           "workspace": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *           "transaction": "2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e",
     *           "level": "Info",
     *           "payload": {
     *             "labels": {
     *               "svc.event.class": "svc",
     *               "svc.event.level": "Info"
     *             },
     *             "block": "app",
     *             "action": "deploy"
     *           },
     *           "created_at": "2026-11-26T04:30:00.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedEventList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['Event'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "user": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *           "username": "alice",
     *           "full_name": "Alice Example",
     *           "role": "user",
     *           "source": "manual",
     *           "created_at": "2026-11-02T10:00:00.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedMemberList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['Member'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *           "slug": "team-a",
     *           "name": "Team A",
     *           "created_at": "2026-11-01T08:00:00.000Z",
     *           "updated_at": "2026-11-01T08:00:00.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedOrganizationList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['Organization'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *           "username": "alice",
     *           "email": "alice@example.com",
     *           "full_name": "Alice Example",
     *           "is_superuser": false,
     *           "is_active": true,
     *           "last_login_at": "2026-11-21T09:58:12.000Z",
     *           "created_at": "2026-11-01T08:00:00.000Z",
     *           "updated_at": "2026-11-01T08:00:00.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedUserList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['User'][];
    };
    /**
     * @description One page of a list.
     * @example {
     *       "count": 1,
     *       "next": null,
     *       "previous": null,
     *       "results": [
     *         {
     *           "id": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *           "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *           "name": "production",
     *           "config": {
     *             "events": {
     *               "handler": "webhook",
     *               "endpoint": "https://hooks.example.com/plinth"
     *             }
     *           },
     *           "created_at": "2026-11-01T08:30:00.000Z",
     *           "updated_at": "2026-11-01T08:30:00.000Z"
     *         }
     *       ]
     *     }
     */
    PaginatedWorkspaceList: {
      /**
       * @description How many results there are on all pages.
       * @example 123
       */
      count: number;
      /**
       * @description The absolute URL of the next page, or null on the last.
       * @example https://plinth.example/api/v1/things/?page=3
       */
      next: string | null;
      /**
       * @description The absolute URL of the previous page, or null on the first.
       * @example https://plinth.example/api/v1/things/?page=1
       */
      previous: string | null;
      /** @description This page of results. */
      results: components['schemas']['Workspace'][];
    };
    /**
     * @description What to deliver again.
     * @example {
     *       "handler": "webhook"
     *     }
     */
    Redeliver: {
      /** @description Only this handler; unset: every handler. */
      handler?: string;
    };
    /**
     * @description The regions with the usage of the buckets the caller can see.
     * @example {
     *       "results": [
     *         {
     *           "name": "eu-central",
     *           "cluster": "minio-fra",
     *           "bucket_count": 3,
     *           "bytes": 52428800,
     *           "objects": 420,
     *           "usage_updated_at": "2026-11-21T09:55:00.000Z"
     *         }
     *       ]
     *     }
     */
    RegionList: {
      /** @description One entry per configured region. */
      results: components['schemas']['RegionUsage'][];
    };
    /** @description One region's buckets, occupancy and objects. */
    RegionUsage: {
      /** @description Buckets the caller can see in the region. */
      bucket_count: number;
      /** @description Their total occupancy in bytes. */
      bytes: number;
      /** @description The storage cluster that serves it. */
      cluster: string;
      /** @description The region name buckets are created in. */
      name: string;
      /** @description Their total number of objects. */
      objects: number;
      /**
       * @description The oldest usage measurement in the sum, or null if none is measured yet.
       * @example 2026-11-21T10:00:00.000Z
       */
      usage_updated_at: string | null;
    };
    /**
     * @description A role in an organization or workspace: `admin` (Org Admin or Workspace Admin), `user`, or `viewer`.
     * @enum {string}
     */
    Role: 'admin' | 'user' | 'viewer';
    /**
     * @description The bucket's new keys, shown this once (revealable later), and the old key's end.
     * @example {
     *       "access_key_id": "PLQ4M7X2K9B8R1T6W3ZA",
     *       "secret_access_key": "h7Kc2mQv9XbT4nWp8Ls1Rf6Yd3Ge5Ja0Uo2Ii9Nk",
     *       "rotated_at": "2026-11-24T10:00:00.000Z",
     *       "previous_access_key_id": "PLB7QK2M9X4R",
     *       "previous_expires_at": "2026-11-25T10:00:00.000Z"
     *     }
     */
    RotatedCredentials: components['schemas']['BucketCredentials'] & {
      /** @description The old key, still working until the time below. */
      previous_access_key_id: string;
      /**
       * Format: date-time
       * @description When the old key stops working.
       * @example 2026-11-21T10:00:00.000Z
       */
      previous_expires_at: string;
      /**
       * Format: date-time
       * @description When the new key took over.
       * @example 2026-11-21T10:00:00.000Z
       */
      rotated_at: string;
    };
    /**
     * @description A permission area an API key may be limited to (docs/permissions.md); `:write` implies `:read`.
     * @enum {string}
     */
    Scope:
      | 'users:read'
      | 'users:write'
      | 'organizations:read'
      | 'organizations:write'
      | 'workspaces:read'
      | 'workspaces:write'
      | 'keys:read'
      | 'keys:write'
      | 'audit:read'
      | 'buckets:read'
      | 'buckets:write'
      | 'runs:read'
      | 'runs:write'
      | 'events:read'
      | 'events:write'
      | 'monitoring:read'
      | 'monitoring:write';
    /**
     * @description The single sign-on providers this API accepts.
     * @example {
     *       "providers": [
     *         {
     *           "name": "keycloak",
     *           "display_name": "Company SSO",
     *           "issuer": "https://sso.example.com/realms/plinth",
     *           "login_url": "/auth/oidc/keycloak/login/",
     *           "cli_client_id": "plinth-cli"
     *         }
     *       ]
     *     }
     */
    SsoProviders: {
      /** @description The configured providers, in configuration order. */
      providers: {
        /** @description The provider's public client for the command line (device authorization grant), or null. */
        cli_client_id: string | null;
        /** @description The name shown on the sign-in page. */
        display_name: string;
        /** @description The provider's issuer URL (its discovery document is below it). */
        issuer: string;
        /** @description Where a browser starts signing in (path on this API). */
        login_url: string;
        /** @description The provider name (in URLs and in `POST /api/login/oidc/`). */
        name: string;
      }[];
    };
    /** @description For kind tcp. */
    TcpCheck: {
      /** @description Text the first bytes the server sends must contain; null: connecting is enough. */
      banner_match?: string | null;
    };
    /**
     * @description A presigned upload: PUT the object body to `url` with `headers`.
     * @example {
     *       "url": "https://s3.eu-central.example.com/team-a-data/reports/2026-11.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=…",
     *       "method": "PUT",
     *       "headers": {
     *         "Content-Type": "text/csv"
     *       },
     *       "expires_at": "2026-11-21T10:15:00.000Z"
     *     }
     */
    UploadUrl: {
      /**
       * Format: date-time
       * @description When the URL stops working.
       * @example 2026-11-21T10:00:00.000Z
       */
      expires_at: string;
      /** @description Headers the upload must send as they are (signed into the URL). */
      headers: {
        [key: string]: string;
      };
      /**
       * @description The HTTP method to use.
       * @enum {string}
       */
      method: 'PUT';
      /** @description The presigned URL to send the object to. */
      url: string;
    };
    /**
     * @description The object to upload.
     * @example {
     *       "key": "reports/2026-11.csv",
     *       "content_type": "text/csv",
     *       "expires_in": 900
     *     }
     */
    UploadUrlRequest: {
      /** @description The Content-Type the upload must send (signed into the URL). */
      content_type?: string;
      /** @description How long the URL works, in seconds (60–3600; 900 when absent). */
      expires_in?: number;
      /** @description The object key: at most 1024 bytes of UTF-8, no control characters. */
      key: string;
    };
    /**
     * @description A user account.
     * @example {
     *       "id": "6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77",
     *       "username": "alice",
     *       "email": "alice@example.com",
     *       "full_name": "Alice Example",
     *       "is_superuser": false,
     *       "is_active": true,
     *       "last_login_at": "2026-11-21T09:58:12.000Z",
     *       "created_at": "2026-11-01T08:00:00.000Z",
     *       "updated_at": "2026-11-01T08:00:00.000Z"
     *     }
     */
    User: {
      /**
       * Format: date-time
       * @description When the user was created.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /** @description The e-mail address, or null when none is known. */
      email: string | null;
      /** @description The display name (may be empty). */
      full_name: string;
      /**
       * Format: uuid
       * @description The user's ID.
       */
      id: string;
      /** @description False for a deactivated user: no login or key of theirs works. */
      is_active: boolean;
      /** @description Super Admin: may do everything everywhere. */
      is_superuser: boolean;
      /**
       * @description The last successful login, or null if never.
       * @example 2026-11-21T10:00:00.000Z
       */
      last_login_at: string | null;
      /**
       * Format: date-time
       * @description When the user was last changed.
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
      /** @description The unique sign-in name. */
      username: string;
    };
    /**
     * @description A new user.
     * @example {
     *       "username": "alice",
     *       "password": "correct-horse-battery",
     *       "email": "alice@example.com",
     *       "full_name": "Alice Example"
     *     }
     */
    UserCreate: {
      /** @description The e-mail address (optional). */
      email?: string | null;
      /** @description The display name (empty when absent). */
      full_name?: string;
      /** @description Make the user a Super Admin (false when absent). */
      is_superuser?: boolean;
      /** @description At least 12 characters. Omit for users who sign in through SSO only. */
      password?: string;
      /** @description The unique sign-in name: letters, digits and `@ . + - _`. */
      username: string;
    };
    /**
     * @description A user's single sign-on identities, with the claims they last brought and what those map to.
     * @example {
     *       "superuser": false,
     *       "superuser_source": "manual",
     *       "identities": [
     *         {
     *           "id": "0b9d6c43-8a4e-4b41-9c55-3f4c1d2e8a10",
     *           "provider": "keycloak",
     *           "issuer": "https://sso.example.com/realms/plinth",
     *           "subject": "f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718",
     *           "email": "bob@example.com",
     *           "last_login_at": "2026-11-24T09:00:00.000Z",
     *           "last_sync_at": "2026-11-24T09:00:00.000Z",
     *           "last_sync_problem": null,
     *           "last_groups": [
     *             "/svc-acme-users",
     *             "/svc-acme-viewers"
     *           ],
     *           "last_claims": {
     *             "sub": "f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718",
     *             "preferred_username": "bob"
     *           },
     *           "group_sync": true,
     *           "mapping": {
     *             "superuser": false,
     *             "organizations": [
     *               {
     *                 "slug": "acme",
     *                 "role": "user",
     *                 "exists": true
     *               }
     *             ],
     *             "ignored_groups": []
     *           }
     *         }
     *       ]
     *     }
     */
    UserSso: {
      /** @description The user's identities at identity providers. */
      identities: {
        /** @description The e-mail address the provider last sent, or null. */
        email: string | null;
        /** @description Whether group sync is on for this provider. */
        group_sync: boolean;
        /**
         * Format: uuid
         * @description The identity's ID.
         */
        id: string;
        /** @description The provider's issuer URL. */
        issuer: string;
        /** @description The ID token claims last received (without nonce and hashes). */
        last_claims: {
          [key: string]: unknown;
        } | null;
        /** @description The groups last received, as sent; null when the provider sent no groups claim. */
        last_groups: string[] | null;
        /**
         * @description The last SSO sign-in with this identity.
         * @example 2026-11-21T10:00:00.000Z
         */
        last_login_at: string | null;
        /**
         * @description The last group sync.
         * @example 2026-11-21T10:00:00.000Z
         */
        last_sync_at: string | null;
        /** @description What the last group sync could not do (null when it applied cleanly). */
        last_sync_problem: string | null;
        /** @description What the last groups map to. */
        mapping: {
          /** @description Groups that map to no role: other paths than directly under the provider's `group_parent`, organizations the provider may not grant roles in, and `<prefix>-admins` without `super_admin_from_groups`. */
          ignored_groups: string[];
          /** @description The organization roles the groups map to (the highest per organization). */
          organizations: {
            /** @description Whether an organization with this slug exists (groups of unknown ones are ignored). */
            exists: boolean;
            role: components['schemas']['Role'];
            /** @description The organization slug a group names. */
            slug: string;
          }[];
          /** @description Whether the groups grant Super Admin: `<group_parent>/<prefix>-admins`, for a provider with `super_admin_from_groups`. */
          superuser: boolean;
        };
        /** @description The provider name in the API configuration. */
        provider: string;
        /** @description The user's subject (`sub`) at the provider. */
        subject: string;
      }[];
      /** @description Whether the user is a Super Admin now. */
      superuser: boolean;
      superuser_source: components['schemas']['MembershipSource'];
    };
    /**
     * @description The fields to change; at least one.
     * @example {
     *       "full_name": "Alice Liddell"
     *     }
     */
    UserUpdate: {
      /** @description A new e-mail address, or null to clear it. */
      email?: string | null;
      /** @description A new display name. */
      full_name?: string;
      /** @description false deactivates the user: logins and keys stop working. */
      is_active?: boolean;
      /** @description Grant or take away Super Admin. */
      is_superuser?: boolean;
      /** @description A new password, at least 12 characters. */
      password?: string;
      /** @description A new unique sign-in name. */
      username?: string;
    };
    /**
     * @description A workspace: a unit of an organization with its own configuration, members and buckets.
     * @example {
     *       "id": "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "name": "production",
     *       "config": {
     *         "events": {
     *           "handler": "webhook",
     *           "endpoint": "https://hooks.example.com/plinth"
     *         }
     *       },
     *       "created_at": "2026-11-01T08:30:00.000Z",
     *       "updated_at": "2026-11-01T08:30:00.000Z"
     *     }
     */
    Workspace: {
      /** @description Workspace configuration, a JSON object nested at most 32 levels deep (the object itself is the first). The keys `blocks`, `workflows`, `events`, `transactions` and `runner` are checked as docs/events.md describes; other keys are free-form. */
      config: {
        [key: string]: unknown;
      };
      /**
       * Format: date-time
       * @description When the workspace was created.
       * @example 2026-11-21T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: uuid
       * @description The workspace's ID.
       */
      id: string;
      /** @description The name, unique within its organization. */
      name: string;
      /**
       * Format: uuid
       * @description The organization it belongs to.
       */
      organization: string;
      /**
       * Format: date-time
       * @description When it was last changed.
       * @example 2026-11-21T10:00:00.000Z
       */
      updated_at: string;
    };
    /**
     * @description A new workspace.
     * @example {
     *       "organization": "0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a",
     *       "name": "production"
     *     }
     */
    WorkspaceCreate: {
      /** @description Workspace configuration, a JSON object nested at most 32 levels deep (the object itself is the first). The keys `blocks`, `workflows`, `events`, `transactions` and `runner` are checked as docs/events.md describes; other keys are free-form. */
      config?: {
        [key: string]: unknown;
      };
      /** @description The name, 1-200 characters, unique within the organization. */
      name: string;
      /**
       * Format: uuid
       * @description The organization to create it in.
       */
      organization: string;
    };
    /**
     * @description The fields to change; at least one. `config` replaces the whole configuration.
     * @example {
     *       "config": {
     *         "events": {
     *           "handler": "webhook",
     *           "endpoint": "https://hooks.example.com/plinth"
     *         }
     *       }
     *     }
     */
    WorkspaceUpdate: {
      /** @description Workspace configuration, a JSON object nested at most 32 levels deep (the object itself is the first). The keys `blocks`, `workflows`, `events`, `transactions` and `runner` are checked as docs/events.md describes; other keys are free-form. */
      config?: {
        [key: string]: unknown;
      };
      /** @description A new name. */
      name?: string;
    };
  };
  responses: never;
  parameters: {
    /** @description A page number within the paginated result set (1-based, at most 1000000). */
    Page: number;
    /** @description Number of results to return per page (default 50, maximum 500). */
    PageSize: number;
  };
  requestBodies: never;
  headers: {
    /** @description The request's ID: the same as the error body's `request_id`, and in the server's log line. */
    RequestId: string;
    /** @description How many seconds to wait before trying again. */
    RetryAfter: string;
    /** @description The scheme to authenticate with: `Bearer`, with `error` and `error_description` when a token was refused (RFC 6750). */
    WWWAuthenticate: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginResponse'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many requests; see `Retry-After`. */
      429: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_login_oidc_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['IdTokenLogin'];
      };
    };
    responses: {
      /** @description A login token. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginResponse'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_login_providers_retrieve: {
    parameters: {
      query?: {
        /** @description Only the provider of this name. */
        name?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The providers. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SsoProviders'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_logout_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_action_runs_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
        /** @description Only runs in this status. */
        status?: 'created' | 'running' | 'stopped' | 'failed' | 'killed';
        /** @description Only the steps of this workflow run. */
        workflow_run?: string;
        /** @description Only this workspace’s; unset: every workspace the caller may see. */
        workspace?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of runs. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedActionRunList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_action_runs_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ActionRunStart'];
      };
    };
    responses: {
      /** @description The run (for a workflow: its first step). */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActionRun'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_action_runs_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActionRun'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_action_runs_cancel_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run, with its cancel requested (or already killed). */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActionRun'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_action_runs_events_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The events. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Event'][];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_action_runs_finish_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ActionRunFinish'];
      };
    };
    responses: {
      /** @description The ended run. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActionRun'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_action_runs_output_retrieve: {
    parameters: {
      query?: {
        /** @description true: keep the answer open and stream the output until the run ends. */
        follow?: 'true' | 'false';
      };
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The output. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many requests; see `Retry-After`. */
      429: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agent_endpoints_retrieve: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the last answer: 304 while nothing changed. */
        'if-none-match'?: string;
        /** @description The original product's agents send it: it must be the token's agent. */
        'x-agent-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints to check. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentAssignments'];
        };
      };
      /** @description Nothing changed since the `If-None-Match` version. */
      304: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agent_errors_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentErrorReport'];
      };
    };
    responses: {
      /** @description Recorded. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentErrorAnswer'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agent_health_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentHealthReport'];
      };
    };
    responses: {
      /** @description Recorded. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentHealthAnswer'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agent_results_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckResultBatch'];
      };
    };
    responses: {
      /** @description What became of the batch. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckResultOutcome'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agents_list: {
    parameters: {
      query?: {
        /** @description Archived agents too (`true`), or not. */
        archived?: 'true' | 'false';
        /** @description One organization's agents (and its workspaces' you may see). */
        organization?: string;
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
        /** @description One workspace's agents. */
        workspace?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of agents. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedAgentList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agents_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentCreate'];
      };
    };
    responses: {
      /** @description The new agent, with its token. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentWithToken'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agents_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The agent. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agent'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agents_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agents_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentUpdate'];
      };
    };
    responses: {
      /** @description The agent. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agent'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agents_archive_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The archived agent. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agent'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_agents_rotate_token_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentTokenRotate'];
      };
    };
    responses: {
      /** @description The agent, with its new token. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentWithToken'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_alerts_list: {
    parameters: {
      query?: {
        /** @description Acknowledged (`true`) or not (`false`) only. */
        acknowledged?: 'true' | 'false';
        /** @description One endpoint's (or agent's) alerts. */
        endpoint?: string;
        /** @description One organization's alerts. */
        organization?: string;
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
        /** @description Firing or resolved ones only. */
        state?: 'firing' | 'resolved';
        /** @description One workspace's alerts. */
        workspace?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of alerts. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedAlertList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_alerts_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The alert. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AlertDetail'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_alerts_acknowledge_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AlertAcknowledge'];
      };
    };
    responses: {
      /** @description The alert, acknowledged. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AlertDetail'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_alerts_unacknowledge_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The alert. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AlertDetail'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_audit_log_list: {
    parameters: {
      query?: {
        /** @description Acting user ID. */
        actor?: string;
        /** @description Only entries of this kind. */
        event?: components['schemas']['AuditEvent'];
        /**
         * @description Leave out entries of these kinds: event names separated by commas, such as `api_key.used,service_account.used` (routine key use, most of a busy log).
         * @example api_key.used,service_account.used
         */
        exclude_event?: string;
        /** @description Only entries concerning this organization. */
        organization?: string;
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedAuditEntryList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_audit_log_export_retrieve: {
    parameters: {
      query?: {
        /** @description Acting user ID. */
        actor?: string;
        /** @description Only entries of this kind. */
        event?: components['schemas']['AuditEvent'];
        /**
         * @description Leave out entries of these kinds: event names separated by commas, such as `api_key.used,service_account.used` (routine key use, most of a busy log).
         * @example api_key.used,service_account.used
         */
        exclude_event?: string;
        /** @description Only entries concerning this organization. */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': string;
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_endpoints_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
        /** @description One workspace's endpoints. */
        workspace?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of endpoints. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedCheckEndpointList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_endpoints_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckEndpointCreate'];
      };
    };
    responses: {
      /** @description The new endpoint. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckEndpoint'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_endpoints_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckEndpoint'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_endpoints_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_endpoints_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckEndpointUpdate'];
      };
    };
    responses: {
      /** @description The endpoint. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckEndpoint'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_endpoints_stats_retrieve: {
    parameters: {
      query?: {
        /** @description The period: the last hour, day, week or 30 days. */
        window?: '1h' | '24h' | '7d' | '30d';
      };
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The figures. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckEndpointStats'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_events_list: {
    parameters: {
      query?: {
        /** @description Only events of this level. */
        level?: 'Info' | 'Warning' | 'Error';
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
        /** @description Only this workspace’s; unset: every workspace the caller may see. */
        workspace?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedEventList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_events_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Event'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_events_deliveries_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The deliveries. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Delivery'][];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_events_redeliver_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Redeliver'];
      };
    };
    responses: {
      /** @description The deliveries, the redelivered ones pending. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Delivery'][];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedOrganizationList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Organization'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The organization. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Organization'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Organization'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_api_keys_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
      };
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of API keys. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedApiKeyList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_api_keys_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_api_keys_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
        /** @description The key's ID. */
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_members_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
      };
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of members. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedMemberList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_members_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_members_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
        /** @description The member's user ID. */
        user_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_organizations_members_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
        /** @description The member's user ID. */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_list: {
    parameters: {
      query?: {
        /** @description Only buckets of this organization. */
        organization?: string;
        /** @description Only buckets whose owner_reference.uid or created_for.uid is this. */
        owner_uid?: string;
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
        /** @description Only buckets in this region. */
        region?: string;
        /** @description Only buckets of this workspace. */
        workspace?: string;
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedBucketList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBucket'];
        };
      };
      /** @description Created; the credentials are in this response. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many requests; see `Retry-After`. */
      429: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The bucket. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Bucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many requests; see `Retry-After`. */
      429: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Bucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_credentials_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The access user's keys. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BucketCredentials'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_health_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the storage cluster has of the bucket. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BucketHealth'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_objects_upload_url_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadUrl'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_s3_buckets_rotate_credentials_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['CredentialRotation'];
      };
    };
    responses: {
      /** @description Rotated; the new keys are in this response. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RotatedCredentials'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many requests; see `Retry-After`. */
      429: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBucket'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RegionList'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_schema_retrieve: {
    parameters: {
      query?: {
        /** @description `json` (when absent) or `yaml`. */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
          'application/yaml': string;
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_system_api_keys_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedApiKeyList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_system_api_keys_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The key's ID. */
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedUserList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_identities_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['IdentityLink'];
      };
    };
    responses: {
      /** @description The new link. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_sessions_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_sso_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user's identities. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserSso'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_me_api_keys_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedApiKeyList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_users_me_api_keys_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The key's ID. */
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_list: {
    parameters: {
      query?: {
        /** @description Only this organization. */
        organization?: string;
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedWorkspaceList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Workspace'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Workspace'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Workspace'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_event_handlers_retrieve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The handlers. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventHandler'][];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_event_handlers_enable_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace's ID. */
        id: string;
        /** @description The handler's name. */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The handler. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventHandler'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_event_handlers_secret_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace's ID. */
        id: string;
        /** @description The handler's name. */
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['HandlerSecretRotate'];
      };
    };
    responses: {
      /** @description The new secret. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HandlerSecret'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_members_list: {
    parameters: {
      query?: {
        /** @description A page number within the paginated result set (1-based, at most 1000000). */
        page?: components['parameters']['Page'];
        /** @description Number of results to return per page (default 50, maximum 500). */
        page_size?: components['parameters']['PageSize'];
      };
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of members. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaginatedMemberList'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_members_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_members_destroy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
        /** @description The member's user ID. */
        user_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  api_v1_workspaces_members_partial_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The ID of the object the path names (a UUID). */
        id: string;
        /** @description The member's user ID. */
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
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Invalid input; `errors` lists each field problem. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing or invalid credentials. */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWWAuthenticate'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Authenticated, but not allowed to do this. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not found (or not visible to the caller). */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is larger than the configured limit. */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is not JSON. */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description A dependency (database, storage cluster) is unavailable. */
      503: {
        headers: {
          'Retry-After': components['headers']['RetryAfter'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
}

export type ActionRun = components['schemas']['ActionRun'];
export type ActionRunFinish = components['schemas']['ActionRunFinish'];
export type ActionRunStart = components['schemas']['ActionRunStart'];
export type Agent = components['schemas']['Agent'];
export type AgentAssignments = components['schemas']['AgentAssignments'];
export type AgentCreate = components['schemas']['AgentCreate'];
export type AgentEndpoint = components['schemas']['AgentEndpoint'];
export type AgentErrorAnswer = components['schemas']['AgentErrorAnswer'];
export type AgentErrorReport = components['schemas']['AgentErrorReport'];
export type AgentHealthAnswer = components['schemas']['AgentHealthAnswer'];
export type AgentHealthReport = components['schemas']['AgentHealthReport'];
export type AgentTokenRotate = components['schemas']['AgentTokenRotate'];
export type AgentUpdate = components['schemas']['AgentUpdate'];
export type AgentWithToken = components['schemas']['AgentWithToken'];
export type Alert = components['schemas']['Alert'];
export type AlertAcknowledge = components['schemas']['AlertAcknowledge'];
export type AlertAcknowledgement = components['schemas']['AlertAcknowledgement'];
export type AlertDetail = components['schemas']['AlertDetail'];
export type ApiKey = components['schemas']['ApiKey'];
export type ApiKeyCreate = components['schemas']['ApiKeyCreate'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditEvent = components['schemas']['AuditEvent'];
export type Bucket = components['schemas']['Bucket'];
export type BucketCreate = components['schemas']['BucketCreate'];
export type BucketCredentials = components['schemas']['BucketCredentials'];
export type BucketHealth = components['schemas']['BucketHealth'];
export type BucketImport = components['schemas']['BucketImport'];
export type BucketOrigin = components['schemas']['BucketOrigin'];
export type BucketUpdate = components['schemas']['BucketUpdate'];
export type CheckEndpoint = components['schemas']['CheckEndpoint'];
export type CheckEndpointCreate = components['schemas']['CheckEndpointCreate'];
export type CheckEndpointStats = components['schemas']['CheckEndpointStats'];
export type CheckEndpointUpdate = components['schemas']['CheckEndpointUpdate'];
export type CheckResult = components['schemas']['CheckResult'];
export type CheckResultBatch = components['schemas']['CheckResultBatch'];
export type CheckResultOutcome = components['schemas']['CheckResultOutcome'];
export type CreatedApiKey = components['schemas']['CreatedApiKey'];
export type CreatedBucket = components['schemas']['CreatedBucket'];
export type CredentialRotation = components['schemas']['CredentialRotation'];
export type Delivery = components['schemas']['Delivery'];
export type DeliveryAttempt = components['schemas']['DeliveryAttempt'];
export type DnsCheck = components['schemas']['DnsCheck'];
export type EndpointAlertRule = components['schemas']['EndpointAlertRule'];
export type EndpointAnnotations = components['schemas']['EndpointAnnotations'];
export type EndpointLabels = components['schemas']['EndpointLabels'];
export type ErrorResponse = components['schemas']['ErrorResponse'];
export type Event = components['schemas']['Event'];
export type EventHandler = components['schemas']['EventHandler'];
export type FieldError = components['schemas']['FieldError'];
export type HandlerSecret = components['schemas']['HandlerSecret'];
export type HandlerSecretRotate = components['schemas']['HandlerSecretRotate'];
export type HttpCheck = components['schemas']['HttpCheck'];
export type IdTokenLogin = components['schemas']['IdTokenLogin'];
export type Identity = components['schemas']['Identity'];
export type IdentityLink = components['schemas']['IdentityLink'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResponse = components['schemas']['LoginResponse'];
export type Member = components['schemas']['Member'];
export type MemberCreate = components['schemas']['MemberCreate'];
export type MemberUpdate = components['schemas']['MemberUpdate'];
export type MembershipSource = components['schemas']['MembershipSource'];
export type NamespaceReference = components['schemas']['NamespaceReference'];
export type Organization = components['schemas']['Organization'];
export type OrganizationApiKeyCreate = components['schemas']['OrganizationApiKeyCreate'];
export type OrganizationCreate = components['schemas']['OrganizationCreate'];
export type OrganizationUpdate = components['schemas']['OrganizationUpdate'];
export type OwnerReference = components['schemas']['OwnerReference'];
export type PaginatedActionRunList = components['schemas']['PaginatedActionRunList'];
export type PaginatedAgentList = components['schemas']['PaginatedAgentList'];
export type PaginatedAlertList = components['schemas']['PaginatedAlertList'];
export type PaginatedApiKeyList = components['schemas']['PaginatedApiKeyList'];
export type PaginatedAuditEntryList = components['schemas']['PaginatedAuditEntryList'];
export type PaginatedBucketList = components['schemas']['PaginatedBucketList'];
export type PaginatedCheckEndpointList = components['schemas']['PaginatedCheckEndpointList'];
export type PaginatedEventList = components['schemas']['PaginatedEventList'];
export type PaginatedMemberList = components['schemas']['PaginatedMemberList'];
export type PaginatedOrganizationList = components['schemas']['PaginatedOrganizationList'];
export type PaginatedUserList = components['schemas']['PaginatedUserList'];
export type PaginatedWorkspaceList = components['schemas']['PaginatedWorkspaceList'];
export type Redeliver = components['schemas']['Redeliver'];
export type RegionList = components['schemas']['RegionList'];
export type RegionUsage = components['schemas']['RegionUsage'];
export type Role = components['schemas']['Role'];
export type RotatedCredentials = components['schemas']['RotatedCredentials'];
export type Scope = components['schemas']['Scope'];
export type SsoProviders = components['schemas']['SsoProviders'];
export type TcpCheck = components['schemas']['TcpCheck'];
export type UploadUrl = components['schemas']['UploadUrl'];
export type UploadUrlRequest = components['schemas']['UploadUrlRequest'];
export type User = components['schemas']['User'];
export type UserCreate = components['schemas']['UserCreate'];
export type UserSso = components['schemas']['UserSso'];
export type UserUpdate = components['schemas']['UserUpdate'];
export type Workspace = components['schemas']['Workspace'];
export type WorkspaceCreate = components['schemas']['WorkspaceCreate'];
export type WorkspaceUpdate = components['schemas']['WorkspaceUpdate'];
