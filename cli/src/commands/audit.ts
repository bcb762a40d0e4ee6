import { createWriteStream } from 'node:fs';
import type { Command } from 'commander';
import type { AuditEvent } from '../../../clients/typescript/src/index.ts';
import { globalsOf, uses } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column } from '../output.ts';
import { note, print, renderRows } from '../output.ts';
import { progress } from '../progress.ts';
import { findUser, resolveOrganization } from '../resolve.ts';
import type { Session } from '../session.ts';
import { openSession } from '../session.ts';

const COLUMNS: Column[] = [
  { name: 'occurred_at', header: 'TIME' },
  { name: 'event', header: 'EVENT' },
  { name: 'username', header: 'USER' },
  { name: 'ip', header: 'IP' },
  { name: 'request_id', header: 'REQUEST' },
  { name: 'details', header: 'DETAILS' },
];

interface Filters {
  event?: string;
  excludeEvent?: string;
  actor?: string;
  org?: string;
  since?: string;
  until?: string;
}

const filtered = (command: Command) =>
  command
    .option('--event <event>', 'only this event (e.g. bucket.created)')
    .option('--exclude-event <events>', 'leave out these events (comma-separated)')
    .option('--actor <user>', 'only what this user did (username or ID)')
    .option('--org <organization>', 'only this organization (slug, name or ID)')
    .option('--since <time>', 'from this time (ISO 8601)')
    .option('--until <time>', 'up to this time (ISO 8601)');

async function queryOf(session: Session, flags: Filters) {
  return {
    event: flags.event as AuditEvent | undefined,
    excludeEvent: flags.excludeEvent,
    actor: flags.actor ? (await findUser(session, flags.actor)).id : undefined,
    organization: flags.org ? (await resolveOrganization(session, flags.org)).id : undefined,
    since: flags.since,
    until: flags.until,
  };
}

export function registerAudit(program: Command): void {
  const audit = program.command('audit').description('The audit log: list with filters, export as NDJSON');

  uses(
    filtered(audit.command('list').description('Entries, newest first'))
      .option('--limit <n>', 'at most this many entries', (v) => Number.parseInt(v, 10), 50)
      .action(async (flags: Filters & { limit: number }, cmd: Command) => {
        const globals = globalsOf(cmd);
        if (!(flags.limit > 0)) throw usageError('--limit must be a positive number.');
        const session = await openSession(globals);
        const query = await queryOf(session, flags);
        const rows = [];
        for (let page = 1; rows.length < flags.limit; page++) {
          const answer = await session.client.apiV1AuditLogList({
            ...query,
            page,
            pageSize: Math.min(100, flags.limit),
          });
          rows.push(...answer.results);
          if (!answer.next || answer.results.length === 0) break;
        }
        print(renderRows(rows.slice(0, flags.limit), COLUMNS, globals));
      }),
    'api_v1_audit_log_list',
  );

  uses(
    filtered(audit.command('export').description('Every matching entry as NDJSON (one JSON object a line)'))
      .option('--file <path>', 'write to this file instead of standard output')
      .action(async (flags: Filters & { file?: string }, cmd: Command) => {
        const session = await openSession(globalsOf(cmd));
        const query = await queryOf(session, flags);
        const stop = progress('Exporting the audit log…');
        let text: string;
        try {
          text = await session.client.apiV1AuditLogExportRetrieve(query);
        } finally {
          stop();
        }
        if (!flags.file) return print(text);
        const out = createWriteStream(flags.file, { flags: 'wx', mode: 0o600 });
        await new Promise<void>((resolve, reject) => {
          out.on('error', reject);
          out.end(text, resolve);
        });
        note(`Wrote ${text.split('\n').filter(Boolean).length} entries to ${flags.file}.`);
      }),
    'api_v1_audit_log_export_retrieve',
  );
}
