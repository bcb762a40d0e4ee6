/**
 * Audit events as people read them ("API key used" for `api_key.used`). The raw name stays the
 * API's and the filter's; a label is only what a page shows beside it.
 */

const LABELS: Record<string, string> = {
  'login.succeeded': 'Signed in',
  'login.failed': 'Sign-in failed',
  'sso.login': 'Signed in with single sign-on',
  'sso.login_failed': 'Single sign-on failed',
  'sso.group_sync': 'Groups synchronised',
  'sso.identity_linked': 'Identity linked',
  'session.logout': 'Signed out',
  'session.revoked': 'Sessions ended',
  'api_key.created': 'API key created',
  'api_key.used': 'API key used',
  'api_key.revoked': 'API key revoked',
  'service_account.used': 'ServiceAccount used',
  'user.created': 'User created',
  'user.updated': 'User changed',
  'organization.created': 'Organization created',
  'organization.updated': 'Organization changed',
  'organization.deleted': 'Organization deleted',
  'organization.member.added': 'Organization member added',
  'organization.member.changed': 'Organization member’s role changed',
  'organization.member.removed': 'Organization member removed',
  'workspace.created': 'Workspace created',
  'workspace.updated': 'Workspace changed',
  'workspace.deleted': 'Workspace deleted',
  'action_run.started': 'Action run started',
  'action_run.cancelled': 'Action run cancelled',
  'event.redelivered': 'Event delivered again',
  'event_handler.secret_rotated': 'Event handler’s signing secret made',
  'event_handler.enabled': 'Event handler enabled',
  'event_handler.disabled': 'Event handler disabled (receiver gone)',
  'workspace.member.added': 'Workspace member added',
  'workspace.member.changed': 'Workspace member’s role changed',
  'workspace.member.removed': 'Workspace member removed',
  'bucket.created': 'Bucket created',
  'bucket.adopted': 'Bucket adopted',
  'bucket.updated': 'Bucket changed',
  'bucket.deleted': 'Bucket deleted',
  'bucket.credentials_revealed': 'Bucket credentials revealed',
  'bucket.credentials_rotated': 'Bucket credentials rotated',
  'bucket.previous_credentials_removed': 'Old bucket credentials removed',
  'bucket.imported': 'Bucket imported',
  'agent.created': 'Monitoring agent created',
  'agent.updated': 'Monitoring agent changed',
  'agent.archived': 'Monitoring agent archived',
  'agent.deleted': 'Monitoring agent deleted',
  'agent.token_rotated': 'Monitoring agent’s token rotated',
  'check_endpoint.created': 'Checked endpoint added',
  'check_endpoint.updated': 'Checked endpoint changed',
  'check_endpoint.deleted': 'Checked endpoint deleted',
  'alert.acknowledged': 'Alert acknowledged',
  'alert.unacknowledged': 'Alert acknowledgement withdrawn',
};

/** The events of routine key use: most of a busy log, hidden by default so the rare ones stand out. */
export const KEY_USE_EVENTS = ['api_key.used', 'service_account.used'] as const;

/** An event's label; one no label names yet (a new area's) is its name in words. */
export function eventLabel(event: string): string {
  const known = LABELS[event];
  if (known) return known;
  const words = event.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether `event` has a label of its own (tested for every registered event). */
export const hasLabel = (event: string): boolean => event in LABELS;
