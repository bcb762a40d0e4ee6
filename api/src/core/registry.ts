/**
 * The lists every area adds to and the whole API shares: the policy's actions and scopes, the audit
 * log's events, the error codes. An area states its own in one `Registration` (its `Area`'s
 * `registration`, areas/<area>/index.ts), and the lists are assembled from those, in `AREAS` order:
 * areas/index.ts registers every area, and `createApp` the areas it is given.
 *
 * The literal types survive: each registration is added to `Registered` by its module
 *
 *     declare module '../../core/registry.ts' { interface Registered { buckets: typeof registration } }
 *
 * so `Action`, `Scope`, `AuditEventType` and `ErrorCode` are unions of every name registered, and a
 * misspelt one does not compile.
 */

/** Who may do an action (role names of auth/policy.ts), and the scope a key needs for it. */
export interface ActionRule {
  readonly roles: readonly string[];
  readonly scope: string;
}

export interface Registration {
  /** Permission areas a key may be limited to: `<area>:read`, `<area>:write`. */
  readonly scopes?: readonly string[];
  /** `<resource>.<verb>` to its rule (auth/policy.ts `authorize` checks them). */
  readonly actions?: Readonly<Record<string, ActionRule>>;
  /** The kinds of audit-log entry it writes (docs/audit-log.md). */
  readonly auditEvents?: readonly string[];
  /** The machine codes of the errors it throws (docs/http-api.md). */
  readonly errorCodes?: readonly string[];
}

/** Every registration, by name: each module adds its own (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Registered {}

type Each<K extends keyof Registration> = {
  [N in keyof Registered]: Registered[N] extends { readonly [P in K]: infer V } ? V : never;
}[keyof Registered];

/** Every string key of every member of a union (`keyof` of a union would give only the shared ones). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** The union of every registered action name. */
export type RegisteredAction = KeysOf<Each<'actions'>>;
export type RegisteredScope = Each<'scopes'> extends readonly (infer S)[] ? S & string : never;
export type RegisteredAuditEvent = Each<'auditEvents'> extends readonly (infer E)[] ? E & string : never;
export type RegisteredErrorCode = Each<'errorCodes'> extends readonly (infer C)[] ? C & string : never;

const names = new Set<string>();
const rules = new Map<string, ActionRule>();
const scopes: string[] = [];
const events: string[] = [];
const codes: string[] = [];

function addAll(list: string[], items: readonly string[] | undefined, what: string, by: string) {
  for (const item of items ?? []) {
    if (list.includes(item))
      throw new Error(`${by} registers the ${what} ${item}, which is registered already`);
    list.push(item);
  }
}

/**
 * Adds `registration`'s names to the shared lists, once per `name` (the same area registered again,
 * as every app a test makes does, changes nothing). A name two registrations claim is a mistake:
 * it throws.
 */
export function register<const R extends Registration>(name: string, registration: R): R {
  if (names.has(name)) return registration;
  for (const action of Object.keys(registration.actions ?? {}))
    if (rules.has(action))
      throw new Error(`${name} registers the action ${action}, which is registered already`);
  addAll(scopes, registration.scopes, 'scope', name);
  addAll(events, registration.auditEvents, 'audit event', name);
  addAll(codes, registration.errorCodes, 'error code', name);
  for (const [action, rule] of Object.entries(registration.actions ?? {})) rules.set(action, rule);
  names.add(name);
  return registration;
}

/** The shared lists, as registered so far. */
export const registry = {
  /** The rule of `action`; throws for a name no loaded module registered (a programming error). */
  rule(action: string): ActionRule {
    const rule = rules.get(action);
    if (!rule) throw new Error(`no registered action ${action} (is its area in AREAS?)`);
    return rule;
  },
  actions: (): readonly string[] => [...rules.keys()],
  scopes: (): readonly string[] => scopes,
  auditEvents: (): readonly string[] => events,
  errorCodes: (): readonly string[] => codes,
};
