// First the V8 settings, before the modules below allocate (decision 0113).
import './v8-settings';
// Then tracing, when configured, must hook express, graphql and pg before anything requires them (decision 0108).
import { stopTracing } from './tracing/start-tracing';
import 'reflect-metadata';
import { ConfigError, loadConfig, shutdownDeadlineMs } from './config/config';
import { applyEnvFile } from './config/env-file';
import { createLogger, prettyLogs } from './db/logger';
import { startShop } from './server';
import { startBanner } from './start-banner';

async function main(): Promise<void> {
  let config;
  try {
    // The repository's .env fills what the real environment leaves unset (README, Configuration).
    applyEnvFile();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel, 'manukato', prettyLogs(config.env, process.stdout.isTTY === true));
  let shop;
  try {
    shop = await startShop(config, log);
  } catch (error) {
    // Expected start failures (port busy, data directory locked, database down) get one clear line.
    log.fatal({ err: error }, error instanceof Error ? error.message : 'could not start');
    process.exit(1);
  }
  log.info({ url: shop.url, env: config.env }, startBanner(shop.url, config, shop.paystackSimulatorKey));

  let stoppingSince = 0;
  const shutdown = (signal: string) => {
    if (stoppingSince > 0) {
      // A wrapper (npm, tsx) may relay the same Ctrl-C a moment later: only a deliberate second one forces.
      if (Date.now() - stoppingSince < 2000) return;
      log.warn('second signal: exiting now');
      process.exit(1);
    }
    stoppingSince = Date.now();
    log.info({ signal }, 'shutting down');
    // Never hang on a stuck dependency: past the deadline, exit anyway (postgres still gets SIGINT on exit). The
    // drain has SHUTDOWN_DRAIN_SECONDS, the rest (Apollo, the ORM, the database) ten more; docker-compose.yml's
    // stop_grace_period is longer than both, so the container is not killed while it drains.
    const deadlineMs = shutdownDeadlineMs(config.http);
    setTimeout(() => {
      log.error(`shutdown took longer than ${deadlineMs / 1000} s: exiting`);
      process.exit(1);
    }, deadlineMs).unref();
    void shop!
      .stop()
      .then(
        () => 0,
        () => 1,
      )
      .then(async (code) => {
        // The spans of the last requests go out after the drain, within the same deadline.
        await stopTracing().catch((error: unknown) => log.warn({ err: error }, 'could not send the last spans'));
        process.exit(code);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
