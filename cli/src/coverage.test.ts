import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './command.ts';
import { EXCLUDED_OPERATIONS } from './exclusions.ts';
import { buildProgram } from './program.ts';

/** The operation IDs of the committed document the clients are generated from. */
function documentOperations(): string[] {
  const document = JSON.parse(
    readFileSync(new URL('../../clients/openapi.json', import.meta.url), 'utf8'),
  ) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item)
      .map((op) => op.operationId)
      .filter((id): id is string => typeof id === 'string'),
  );
}

/** Which command paths call each operation. */
function commandOperations(): Map<string, string[]> {
  const byOperation = new Map<string, string[]>();
  const visit = (command: Command, path: string[]) => {
    for (const id of OPERATIONS.get(command) ?? [])
      byOperation.set(id, [...(byOperation.get(id) ?? []), path.join(' ')]);
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(buildProgram(), ['plinth']);
  return byOperation;
}

describe('every API operation a user runs by hand has a command', () => {
  const operations = documentOperations();
  const commands = commandOperations();

  it('reads a document with operations', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('has a command, or a listed exclusion with a reason, for each operation', () => {
    const missing = operations.filter((id) => !commands.has(id) && !EXCLUDED_OPERATIONS[id]);
    expect(
      missing,
      'operations without a command: add one (command.ts `uses`) or an entry in exclusions.ts',
    ).toEqual([]);
  });

  it('names only operations the document has', () => {
    const unknown = [...commands.keys(), ...Object.keys(EXCLUDED_OPERATIONS)].filter(
      (id) => !operations.includes(id),
    );
    expect(unknown).toEqual([]);
  });

  it('excludes no operation that has a command, and gives every exclusion a reason', () => {
    for (const [id, reason] of Object.entries(EXCLUDED_OPERATIONS)) {
      expect(commands.has(id), `${id} has a command and an exclusion`).toBe(false);
      expect(reason.trim().length, `${id} needs a reason`).toBeGreaterThan(10);
    }
  });

  it('maps the operations users run by hand to the commands docs/cli.md names', () => {
    expect(commands.get('api_v1_s3_buckets_credentials_retrieve')).toEqual(['plinth buckets credentials']);
    expect(commands.get('api_v1_users_me_api_keys_create')).toEqual(['plinth api-keys create']);
    expect(commands.get('api_v1_audit_log_export_retrieve')).toEqual(['plinth audit export']);
    expect(commands.get('api_v1_schema_retrieve')).toEqual(['plinth version']);
    expect(commands.get('api_v1_action_runs_finish_create')).toEqual([
      'plinth runs exec',
      'plinth runs finish',
    ]);
    expect(commands.get('api_v1_action_runs_output_retrieve')).toEqual(['plinth runs output']);
    expect(commands.get('api_v1_workspaces_event_handlers_secret_create')).toEqual([
      'plinth event-handlers rotate-secret',
    ]);
    expect(commands.get('api_v1_agents_rotate_token_create')).toEqual(['plinth agents rotate-token']);
    expect(commands.get('api_v1_endpoints_partial_update')).toEqual(['plinth endpoints update']);
    expect(commands.get('api_v1_endpoints_stats_retrieve')).toEqual(['plinth endpoints stats']);
    expect(commands.get('api_v1_alerts_acknowledge_create')).toEqual(['plinth alerts ack']);
    expect(commands.get('api_v1_alerts_unacknowledge_create')).toEqual(['plinth alerts unack']);
  });
});

describe('the CLI version', () => {
  it("is the API's version (package.json), as the clients' are", () => {
    const read = (path: string) =>
      (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string }).version;
    expect(read('../package.json')).toBe(read('../../package.json'));
  });
});
