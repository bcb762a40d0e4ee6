import { Argument, Command, Option } from 'commander';
import { registerAgents } from './commands/agents.ts';
import { registerAlerts } from './commands/alerts.ts';
import { registerApiKeys } from './commands/api-keys.ts';
import { registerAudit } from './commands/audit.ts';
import { registerAuth } from './commands/auth.ts';
import { registerBuckets } from './commands/buckets.ts';
import { registerContext } from './commands/context.ts';
import { registerEndpoints } from './commands/endpoints.ts';
import { registerEvents } from './commands/events.ts';
import { registerMembers } from './commands/members.ts';
import { registerOrganizations } from './commands/organizations.ts';
import { registerRuns } from './commands/runs.ts';
import { registerUsers } from './commands/users.ts';
import { registerVersion } from './commands/version.ts';
import { registerWorkspaces } from './commands/workspaces.ts';
import { bash, fish, zsh } from './completion.ts';
import { print } from './output.ts';
import { CLI_VERSION } from './version.ts';

/** The whole command tree. Nothing runs until it is parsed; tests walk it (coverage, completion). */
export function buildProgram(): Command {
  const program = new Command('plinth')
    .description('The Plinth platform API from the command line (docs/cli.md)')
    .version(CLI_VERSION, '-V, --version', "this CLI's version (`plinth version` asks the server too)")
    .addOption(
      new Option(
        '-o, --output <format>',
        'table, json or yaml (default: table on a terminal, json otherwise)',
      ).choices(['table', 'json', 'yaml']),
    )
    .option('--fields <list>', 'only these fields, comma-separated (e.g. name,usage.bytes)')
    .option('--no-headers', 'no header line in tables')
    .option('--context <name>', 'the context to use (default: PLINTH_CONTEXT, then the current one)')
    .configureOutput({
      outputError: (text, write) => write(text.startsWith('error:') ? `plinth: ${text}` : text),
    })
    .exitOverride();

  program.addHelpText(
    'after',
    `
Examples:
  plinth login --server https://plinth.example.com
  plinth context set --org acme --workspace first
  plinth buckets create photos --region eu-central
  plinth buckets credentials photos --reveal -o json
  plinth buckets list --fields name,usage.bytes,usage.objects
  plinth runs exec --block app --action deploy

Exit codes: 0 ok, 1 error, 2 usage, 3 auth, 4 not found, 5 conflict (docs/cli.md).`,
  );

  registerAuth(program);
  registerContext(program);
  registerOrganizations(program);
  registerWorkspaces(program);
  registerMembers(program);
  registerApiKeys(program);
  registerBuckets(program);
  registerRuns(program);
  registerEvents(program);
  registerAgents(program);
  registerEndpoints(program);
  registerAlerts(program);
  registerAudit(program);
  registerUsers(program);
  registerVersion(program);

  program
    .command('completion')
    .description('A shell completion script: source <(plinth completion bash)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .action((shell: 'bash' | 'zsh' | 'fish') => {
      print({ bash, zsh, fish }[shell](program));
    });

  // Every subcommand reports usage errors the same way (exit 2, one line on stderr).
  const inherit = (command: Command) => {
    for (const sub of command.commands) {
      sub.exitOverride().configureOutput({
        outputError: (text, write) => write(text.startsWith('error:') ? `plinth: ${text}` : text),
      });
      inherit(sub);
    }
  };
  inherit(program);
  return program;
}
