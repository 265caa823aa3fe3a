// `npm run test:e2e`: builds if needed, starts the built shop on a free port with a throwaway data folder,
// runs e2e/*.e2e.test.mjs with node's test runner against it in Debian's chromium, then stops everything.
// The shop's mail goes to an SMTP sink on loopback (support/smtp-sink.mjs) that the tests read through
// E2E_MAIL_URL; ADMIN_EMAIL/ADMIN_PASSWORD create an admin account the tests sign in with. WhatsApp order updates go
// to the built shop's own Cloud API stand-in on loopback (decision 0099), which the tests drive through
// E2E_WHATSAPP_URL; SMS go to the outbox (E2E_DATA_DIR).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumPath } from './support/browser.mjs';
import { startSmtpSink } from './support/smtp-sink.mjs';
import {
  buildIfMissing,
  findFreePort,
  startBuiltShop,
  stopLeftoverPostgres,
  stopServer,
  waitForHealthy,
} from '../tools/shop-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = path.join(root, 'e2e');
const resultsDir = path.join(root, 'test-results');
const serverLogFile = path.join(resultsDir, 'e2e-server.log');

// The admin account the server creates at start (ADMIN_PASSWORD needs at least 8 characters).
const ADMIN_EMAIL = 'admin@manukato.test';
const ADMIN_PASSWORD = 'admin-password-123';
// The WhatsApp Cloud API settings the shop and its stand-in share (test values, not secrets).
const WHATSAPP = { token: 'e2e-whatsapp-token', phoneNumberId: '106540352242922', appSecret: 'e2e-whatsapp-secret' };

/** The built server's WhatsApp stand-in and template list (server/dist, CommonJS). */
async function builtWhatsAppModules() {
  const dist = path.join(root, 'server', 'dist', 'modules', 'notifications');
  const standIn = path.join(dist, 'whatsapp-stand-in', 'whatsapp-stand-in.js');
  if (!existsSync(standIn)) fail('server/dist has no WhatsApp stand-in: run `npm run build` for the current server.');
  const { startWhatsAppStandIn } = await import(pathToFileURL(standIn).href);
  const { whatsappTemplateBodies } = await import(pathToFileURL(path.join(dist, 'whatsapp-templates.js')).href);
  // Meta knows each approved template's parameter count: the stand-in refuses a name or count that drifted.
  const templates = Object.fromEntries(
    Object.entries(whatsappTemplateBodies).map(([name, body]) => [name, body.match(/\{\{\d+\}\}/g)?.length ?? 0]),
  );
  return { startWhatsAppStandIn, templates };
}

function fail(message) {
  console.error(`\ne2e: ${message}`);
  process.exit(1);
}

async function printServerLog() {
  try {
    const text = (await fs.readFile(serverLogFile, 'utf8')).trim();
    if (text)
      console.error(`\n--- server output (${path.relative(root, serverLogFile)}) ---\n${text.slice(-8000)}\n---`);
  } catch {
    // Nothing logged.
  }
}

let testRunner;

function runTests(baseUrl, dataDir, mailUrl, whatsappUrl) {
  // `npm run test:e2e -- checkout accounts` runs only the files whose names contain one of the words.
  const only = process.argv.slice(2);
  const files = readdirSync(e2eDir)
    .filter((name) => name.endsWith('.e2e.test.mjs'))
    .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
    .sort()
    .map((name) => path.join('e2e', name));
  if (files.length === 0)
    fail(`no e2e/*.e2e.test.mjs files found${only.length ? ` matching ${only.join(', ')}` : ''}.`);
  return new Promise((resolve) => {
    testRunner = spawn(
      process.execPath,
      // One file at a time: each launches its own chromium, and one shop serves them all.
      ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: baseUrl,
          E2E_DATA_DIR: dataDir,
          E2E_RESULTS_DIR: resultsDir,
          E2E_MAIL_URL: mailUrl,
          E2E_WHATSAPP_URL: whatsappUrl,
          E2E_ADMIN_EMAIL: ADMIN_EMAIL,
          E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
        },
      },
    );
    testRunner.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const browser = chromiumPath();
  if (!existsSync(browser)) {
    fail(
      `no chromium at ${browser}. Install Debian's package with \`apt-get install -y chromium\` ` +
        '(the tests never download browsers).',
    );
  }
  try {
    buildIfMissing('e2e');
  } catch (error) {
    fail(`${error.message}.`);
  }
  await fs.mkdir(resultsDir, { recursive: true });

  // Started first, so nothing else is left behind if it cannot listen; closed after the server stops.
  const mailSink = await startSmtpSink();
  const { startWhatsAppStandIn, templates } = await builtWhatsAppModules();
  const whatsappStandIn = await startWhatsAppStandIn({ ...WHATSAPP, templates });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-e2e-'));
  // As root the embedded postgres runs as the 'postgres' user, which must be able to enter the folder.
  await fs.chmod(dataDir, 0o755);
  const port = await findFreePort();
  const log = createWriteStream(serverLogFile);
  console.log(`e2e: starting the shop on port ${port} (DATA_DIR ${dataDir}, mail to ${mailSink.smtpUrl})`);
  const started = Date.now();
  // The tests count seeded products: the fresh embedded database with the samples, never a shared server.
  const { child: server, baseUrl } = startBuiltShop({
    dataDir,
    port,
    log,
    env: {
      SMTP_URL: mailSink.smtpUrl,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      WHATSAPP_TOKEN: WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
      WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
      WHATSAPP_API_URL: whatsappStandIn.url,
    },
  });
  whatsappStandIn.setWebhookUrl(`${baseUrl}/api/whatsapp/webhook`);

  let exitCode = 1;
  let interrupted = false;
  const onSignal = (signal) => {
    // Ctrl-C: still stop the shop and remove the folder in the finally block below.
    interrupted = true;
    console.error(`\ne2e: ${signal} received; stopping.`);
    // A terminal's Ctrl-C reaches the whole group, but a CI timeout's SIGTERM reaches only this process.
    if (testRunner && testRunner.exitCode === null) testRunner.kill(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await waitForHealthy(baseUrl, server);
    console.log(`e2e: shop ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!interrupted) exitCode = await runTests(baseUrl, dataDir, mailSink.mailUrl, whatsappStandIn.origin);
  } catch (error) {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  } finally {
    await stopServer(server, 'e2e');
    await stopLeftoverPostgres(dataDir, 'e2e');
    await mailSink.close();
    await whatsappStandIn.close();
    log.end();
    if (exitCode !== 0) await printServerLog();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  if (interrupted && exitCode === 0) exitCode = 130;
  console.log(exitCode === 0 ? 'e2e: passed' : `e2e: FAILED (exit ${exitCode})`);
  process.exit(exitCode);
}

await main();
