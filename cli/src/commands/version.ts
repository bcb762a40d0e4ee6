import type { Command } from 'commander';
import { globalsOf, uses } from '../command.ts';
import { loadConfig, contextName } from '../config.ts';
import { describeError, EXIT } from '../errors.ts';
import { note, print, renderOne, yellow } from '../output.ts';
import { clientFor, serverOf } from '../session.ts';
import { CLI_VERSION, differsInMinor } from '../version.ts';

/** The API's version: `info.version` of its OpenAPI document (public, no token needed). */
export async function serverVersion(server: string): Promise<string> {
  const document = (await clientFor(server).apiV1SchemaRetrieve({})) as { info?: { version?: string } };
  const version = document.info?.version;
  if (!version) throw new Error(`${server} answered an OpenAPI document without info.version.`);
  return version;
}

export function registerVersion(program: Command): void {
  uses(
    program
      .command('version')
      .description(
        "This CLI's version and the server's API version (a warning when they differ in major or minor)",
      )
      .option('--client', 'only the CLI, without asking the server')
      .action(async (flags: { client?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const config = loadConfig();
        const server = flags.client
          ? undefined
          : serverOf(globals, config.contexts[contextName(config, globals.context)]);
        const columns = [
          { name: 'client', header: 'CLIENT' },
          { name: 'server_api', header: 'SERVER API' },
          { name: 'server', header: 'SERVER' },
        ];
        if (!server) {
          print(renderOne({ client: CLI_VERSION, server_api: null, server: null }, columns, globals));
          if (!flags.client) note('No server configured: `plinth login --server …` or PLINTH_URL.');
          return;
        }
        let api: string;
        try {
          api = await serverVersion(server);
        } catch (err) {
          print(renderOne({ client: CLI_VERSION, server_api: null, server }, columns, globals));
          note(`plinth: ${describeError(err).line}`);
          process.exitCode = EXIT.error;
          return;
        }
        print(renderOne({ client: CLI_VERSION, server_api: api, server }, columns, globals));
        if (differsInMinor(CLI_VERSION, api))
          note(
            yellow(
              `Warning: this CLI is ${CLI_VERSION} and the server's API is ${api}; use the CLI of the API's version (docs/cli.md).`,
              process.stderr.isTTY && !process.env.NO_COLOR,
            ),
          );
      }),
    'api_v1_schema_retrieve',
  );
}
