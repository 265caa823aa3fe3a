import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig, repositoryRoot, shutdownDeadlineMs } from '../config/config';

/**
 * docker-compose.yml's "scale" profile, read as compose reads it (YAML merge keys on): there is no Docker daemon
 * where the tests run, so this checks what the file configures rather than starting it.
 */
interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  command?: string[] | string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  restart?: string;
  mem_limit?: string;
  stop_grace_period?: string;
  deploy?: { resources?: { limits?: { memory?: string } } };
  healthcheck?: { test?: string[] };
}

const compose = parse(readFileSync(path.join(repositoryRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const inScale = Object.entries(services).filter(([, service]) => service.profiles?.includes('scale'));
const replicas = inScale.filter(([, service]) => service.build !== undefined);
const [storageName, storage] = inScale.find(([, service]) => service.image?.startsWith('minio/minio:'))!;
const [, loadBalancer] = inScale.find(([, service]) => service.image?.startsWith('nginx:'))!;

/** A compose duration ("30s", "1m30s") in milliseconds. */
function durationMs(duration: string | undefined): number {
  const parts = [...(duration ?? '').matchAll(/(\d+)(ms|s|m|h)/g)];
  const unit: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
  return parts.reduce((sum, [, amount, suffix]) => sum + Number(amount) * unit[suffix!]!, 0);
}

function urlOf(setting: string | undefined): URL {
  if (setting === undefined) throw new Error('The service has no such URL setting');
  return new URL(setting);
}

describe('docker-compose.yml, profile "scale"', () => {
  it('runs three app replicas on the one PostgreSQL, with one SECRET_KEY from the operator', () => {
    expect(replicas.map(([name]) => name).sort()).toEqual(['app-1', 'app-2', 'app-3']);
    const [first = {}, ...others] = replicas.map(([, service]) => service.environment ?? {});
    expect(services[urlOf(first.DATABASE_URL).hostname]?.image).toMatch(/^postgres:/);
    expect(Object.values(services).filter((service) => service.image?.startsWith('postgres:'))).toHaveLength(1);
    expect(first.SECRET_KEY).toMatch(/^\$\{SECRET_KEY\b/);
    // Everything alike (the database and the key included): an instance must not behave differently from its twins.
    for (const other of others) expect(other).toEqual(first);
    for (const [, replica] of replicas) expect(replica.depends_on?.db?.condition).toBe('service_healthy');
    // The data directory is locked by its instance: each replica has its own.
    const dataVolumes = replicas.map(([, service]) => service.volumes!.find((volume) => volume.endsWith(':/data')));
    expect(new Set(dataVolumes).size).toBe(3);
  });

  it("restarts app containers, lets them drain before killing them, and limits them to the README's sizing", () => {
    const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    const sized = /Size containers for about (\d+) MB/.exec(readme)?.[1];
    expect(sized).toBeDefined();
    const deadline = shutdownDeadlineMs(loadConfig({}).http);
    for (const [name, app] of [['app', services.app!] as const, ...replicas]) {
      expect(`${name}: ${app.restart}`).toMatch(/: (unless-stopped|on-failure|always)$/);
      // Docker's SIGKILL comes stop_grace_period after SIGTERM: later than the shop's own deadline.
      expect(durationMs(app.stop_grace_period)).toBeGreaterThan(deadline);
      expect(`${name}: ${app.deploy?.resources?.limits?.memory}`).toBe(`${name}: ${sized}M`);
      // Healthy means ready to serve (/readyz), not only alive.
      expect(app.healthcheck?.test?.join(' ')).toContain('/readyz');
    }
    // The services that keep running are brought back too (the one-off bucket creator is not).
    for (const [name, service] of Object.entries(services)) {
      if (name === 'storage-init') continue;
      expect(`${name}: ${service.restart}`).toMatch(/: (unless-stopped|on-failure|always)$/);
    }
  });

  it('limits the memory of every service, so none can take the machine from the others', () => {
    for (const [name, service] of Object.entries(services)) {
      const limit = service.deploy?.resources?.limits?.memory ?? service.mem_limit;
      expect(`${name}: ${limit}`).toMatch(/: \d+[KMG]$/);
    }
  });

  it('keeps images in the S3-compatible store, in a bucket an init container creates', () => {
    const [, init] = inScale.find(([, service]) => service.image?.startsWith('minio/mc:'))!;
    expect(init.depends_on?.[storageName]?.condition).toBe('service_healthy');
    const initCommand = ([] as string[]).concat(init.command ?? []).join(' ');
    for (const [name, replica] of replicas) {
      const environment = replica.environment!;
      expect(urlOf(environment.S3_ENDPOINT).hostname).toBe(storageName);
      expect(urlOf(environment.S3_ENDPOINT).port).toBe('9000');
      expect(initCommand).toContain(`mc mb --ignore-existing store/${environment.S3_BUCKET}`);
      expect(environment.S3_FORCE_PATH_STYLE).toBe('true');
      // The store's credentials are the ones the app signs with.
      expect(environment.S3_ACCESS_KEY_ID).toBe(storage.environment!.MINIO_ROOT_USER);
      expect(environment.S3_SECRET_ACCESS_KEY).toBe(storage.environment!.MINIO_ROOT_PASSWORD);
      const initName = inScale.find(([, service]) => service === init)![0];
      expect(`${name}: ${replica.depends_on?.[initName]?.condition}`).toBe(`${name}: service_completed_successfully`);
    }
  });

  it('puts nginx in front, forwarding to every replica with a config file from the repository', () => {
    for (const [name] of replicas) expect(loadBalancer.depends_on?.[name]?.condition).toBe('service_healthy');
    const mount = loadBalancer.volumes!.find((volume) => volume.endsWith(':/etc/nginx/conf.d/default.conf:ro'))!;
    const configFile = path.join(repositoryRoot, mount.slice(0, mount.indexOf(':')));
    expect(existsSync(configFile)).toBe(true);
    const config = readFileSync(configFile, 'utf8');
    const [, upstreamName, upstreamServers = ''] = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(config) ?? [];
    // nginx, not the shop, closes idle upstream connections, so it never sends on one the shop is closing; and a
    // draining shop waits longer than nginx keeps them idle.
    const upstreamIdleMs = durationMs(/^\s*keepalive_timeout\s+(\S+);/m.exec(upstreamServers)?.[1]);
    const shop = loadConfig({}).http;
    expect(upstreamIdleMs).toBeGreaterThan(0);
    expect(upstreamIdleMs).toBeLessThan(shop.keepAliveMs);
    expect(upstreamIdleMs).toBeLessThan(shop.drainMs);
    // Another replica is tried only when that is safe: never a request that may have been handled.
    const nextUpstream = /^\s*proxy_next_upstream\s+([^;]+);/m.exec(config)?.[1]?.split(/\s+/);
    expect(nextUpstream).toEqual(expect.arrayContaining(['error', 'timeout']));
    expect(nextUpstream).not.toContain('non_idempotent');
    const servers = [...upstreamServers.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map(
      (match) => `${match[1]}:${match[2]}`,
    );
    expect(servers.sort()).toEqual(replicas.map(([name]) => `${name}:4000`).sort());
    expect(config).toMatch(new RegExp(`proxy_pass\\s+http://${upstreamName};`));
    expect((loadBalancer as { ports?: string[] }).ports).toContain('8080:80');
    // The balancer waits for healthy replicas: the image must say how to check one, by readiness (started, database
    // answering), not liveness.
    expect(readFileSync(path.join(repositoryRoot, 'Dockerfile'), 'utf8')).toMatch(/^HEALTHCHECK .*\/readyz/m);
    // The replicas are told there is one proxy in front, and the shop's address is the balancer's.
    for (const [, replica] of replicas) {
      expect(replica.environment!.TRUST_PROXY).toBe('1');
      expect(replica.environment!.PUBLIC_URL).toBe('http://localhost:8080');
    }
  });

  it('pins every image to a version (no :latest, no bare name), with a whole sha256 digest where one is pinned', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.image) continue;
      expect(`${name}: ${service.image}`).toMatch(
        /^[\w-]+: [\w./-]+:(?!latest(@|$))[\w.-]*\d[\w.-]*(@sha256:[0-9a-f]{64})?$/,
      );
    }
  });

  it("ships the built client without the client's sources in the runtime image", () => {
    const runtime =
      readFileSync(path.join(repositoryRoot, 'Dockerfile'), 'utf8')
        .split(/^FROM /m)
        .at(-1) ?? '';
    // Every COPY's sources: its arguments less the options and the destination.
    const copied = [...runtime.matchAll(/^COPY\s+(.+)$/gm)].flatMap(([, args = '']) =>
      args
        .split(/\s+/)
        .filter((argument) => !argument.startsWith('--'))
        .slice(0, -1),
    );
    expect(copied).toContain('/app/client/dist');
    // Nothing else of the client: no source folder, nor the whole client or application folder.
    for (const source of copied) expect(source).not.toMatch(/client\/src|^\/app(\/client)?\/?$|^\.\/?$/);
  });

  it('leaves `docker compose up` as it was: one app, no profile', () => {
    expect(services.app?.profiles).toBeUndefined();
    expect(services.app?.build).toBeDefined();
  });
});
