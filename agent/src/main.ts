import { flushCompileCache } from 'node:module';
import { startAgent } from './agent.ts';
import type { RunningAgent } from './agent.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AgentConfig } from './config.ts';
import { createLogger } from './runtime/logger.ts';

/**
 * The agent process: `node agent/src/main.ts` (npm run start:agent). Exit codes: 0 after SIGTERM
 * or SIGINT, 2 for a bad configuration, 1 for anything else that stops it.
 */
async function main(): Promise<void> {
  let config: AgentConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`plinth-agent: configuration error: ${err.message}\n`);
      // A natural exit, not process.exit(): Node then writes its compile cache (Dockerfile.agent
      // fills the image's cache by running the agent without configuration).
      process.exitCode = 2;
      return;
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const started: Promise<RunningAgent> = startAgent(config, logger);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A signal during start: the agent stops once it is up (the start is short).
    void started.then(async (agent) => {
      await agent.stop();
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await started;
  // With NODE_COMPILE_CACHE set, the next start reads every module from the cache instead of
  // loading the TypeScript stripper: some 20 MB less resident (agent/README.md). Node writes the
  // cache only at a natural exit, which a long-running agent seldom has; written now, every
  // module is loaded. A read-only cache (the image's) is left as it is.
  flushCompileCache();
}

main().catch((err: unknown) => {
  process.stderr.write(`plinth-agent: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
