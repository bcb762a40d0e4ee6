import type { Command } from 'commander';
import { globalsOf } from '../command.ts';
import {
  contextName,
  ensureContext,
  loadConfig,
  loadCredentials,
  saveConfig,
  saveCredentials,
} from '../config.ts';
import { usageError } from '../errors.ts';
import { note, print, renderRows } from '../output.ts';

interface SetFlags {
  server?: string;
  org?: string;
  workspace?: string;
}

export function registerContext(program: Command): void {
  const context = program
    .command('context')
    .description('Named contexts: a server, and the organization and workspace commands default to');

  context
    .command('list')
    .description('The contexts, the current one marked')
    .action((_opts, cmd: Command) => {
      const globals = globalsOf(cmd);
      const config = loadConfig();
      const credentials = loadCredentials();
      const current = contextName(config, globals.context);
      const rows = Object.entries(config.contexts).map(([name, c]) => ({
        current: name === current,
        name,
        server: c.server ?? null,
        organization: c.organization ?? null,
        workspace: c.workspace ?? null,
        signed_in: Boolean(credentials.contexts[name]),
      }));
      print(
        renderRows(
          rows,
          [
            { name: 'current', header: 'CURRENT', value: (r) => (r.current ? '*' : ' ') },
            { name: 'name', header: 'NAME' },
            { name: 'server', header: 'SERVER' },
            { name: 'organization', header: 'ORGANIZATION' },
            { name: 'workspace', header: 'WORKSPACE' },
            { name: 'signed_in', header: 'SIGNED IN', value: (r) => (r.signed_in ? 'yes' : 'no') },
          ],
          globals,
        ),
      );
    });

  context
    .command('current')
    .description("The current context's name")
    .action((_opts, cmd: Command) => {
      print(contextName(loadConfig(), globalsOf(cmd).context) + '\n');
    });

  context
    .command('use <name>')
    .description('Make <name> the current context')
    .action((name: string) => {
      const config = loadConfig();
      if (!config.contexts[name])
        throw usageError(`There is no context "${name}". See \`plinth context list\`.`);
      config['current-context'] = name;
      saveConfig(config);
      note(`Switched to context "${name}".`);
    });

  context
    .command('set [name]')
    .description('Create or change a context (the current one when no name is given); "" unsets a value')
    .option('--server <url>', "the API's address")
    .option('--org <organization>', 'the organization commands default to (slug, name or ID)')
    .option('--workspace <workspace>', 'the workspace commands default to (name or ID)')
    .action((name: string | undefined, flags: SetFlags, cmd: Command) => {
      const config = loadConfig();
      const target = name ?? contextName(config, globalsOf(cmd).context);
      const ctx = ensureContext(config, target);
      if (flags.server !== undefined)
        ctx.server = flags.server ? flags.server.replace(/\/+$/, '') : undefined;
      if (flags.org !== undefined) ctx.organization = flags.org || undefined;
      if (flags.workspace !== undefined) ctx.workspace = flags.workspace || undefined;
      saveConfig(config);
      note(`Context "${target}" updated.`);
    });

  context
    .command('delete <name>')
    .description('Remove a context and its credentials')
    .action((name: string) => {
      const config = loadConfig();
      if (!config.contexts[name]) throw usageError(`There is no context "${name}".`);
      delete config.contexts[name];
      if (config['current-context'] === name) delete config['current-context'];
      saveConfig(config);
      const credentials = loadCredentials();
      if (credentials.contexts[name]) {
        delete credentials.contexts[name];
        saveCredentials(credentials);
      }
      note(`Context "${name}" deleted.`);
    });
}
