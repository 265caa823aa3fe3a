// A real nginx for the fleet test, run from a temporary prefix as the current user, in the foreground. Its
// upstream and proxy rules are deploy/nginx/scale.conf's own, word for word: only the instances' addresses and the
// listening port are put in, so what is tested is what docker-compose.yml ships.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const nginxCandidates = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];

/** Debian's nginx (`apt-get install -y nginx`), or undefined when it is not installed. */
export function nginxPath() {
  return nginxCandidates.find((candidate) => existsSync(candidate));
}

/**
 * nginx.conf for `prefix`: scale.conf (`scaleConfPath`) with its `server app-N:4000 resolve` lines pointing at
 * 127.0.0.1:`upstreamPorts[N - 1]` (an address needs no resolving, and Debian's nginx 1.22 predates `resolve`)
 * and its `listen 80` at 127.0.0.1:`listenPort`, inside the main and http blocks
 * the nginx image would give it. The access log names the instance (or instances, when nginx tried more than one)
 * and their statuses, so a failure can be traced to a restart.
 */
export function nginxConfigFor({ scaleConfPath, upstreamPorts, listenPort, prefix }) {
  let replaced = 0;
  const site = readFileSync(scaleConfPath, 'utf8')
    .replace(/^(\s*server\s+)app-(\d+):4000(?: resolve)?\b/gm, (_line, lead, number) => {
      const port = upstreamPorts[Number(number) - 1];
      if (port === undefined)
        throw new Error(`scale.conf names app-${number}, but the test starts only ${upstreamPorts.length}`);
      replaced += 1;
      return `${lead}127.0.0.1:${port}`;
    })
    .replace(/^(\s*listen\s+)80;/m, `$1127.0.0.1:${listenPort};`)
    // The server's own access log (JSON with request ids) goes to the prefix, beside the fleet's summary log.
    .replace(
      /^(\s*access_log\s+)\/var\/log\/nginx\/access\.log(\s+manukato;)/m,
      `$1${path.join(prefix, 'access.log')} fleet;\n$1${path.join(prefix, 'requests.log')}$2`,
    );
  if (replaced !== upstreamPorts.length) {
    throw new Error(`scale.conf has ${replaced} app-N:4000 servers; the test starts ${upstreamPorts.length}`);
  }
  if (!site.includes(`127.0.0.1:${listenPort};`)) throw new Error('scale.conf has no `listen 80;` to point elsewhere');
  const temp = (name) => path.join(prefix, 'temp', name);
  // As root, nginx would hand its workers to `nobody`, who cannot enter the temporary prefix.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  return `${user}daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
    log_format fleet '$msec $request_method $request_uri $status upstream="$upstream_addr" statuses="$upstream_status" time=$request_time';
    access_log ${path.join(prefix, 'access.log')} fleet;
    client_body_temp_path ${temp('client-body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};

${site}
}
`;
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Writes the config under `prefix`, checks it with `nginx -t`, starts nginx and waits until it listens. */
export async function startNginx({ prefix, config, listenPort, log }) {
  const binary = nginxPath();
  if (!binary) throw new Error('nginx is not installed: `apt-get install -y nginx` (Debian package)');
  await fs.mkdir(path.join(prefix, 'temp'), { recursive: true });
  const configFile = path.join(prefix, 'nginx.conf');
  await fs.writeFile(configFile, config);
  const args = ['-p', prefix, '-c', configFile, '-e', path.join(prefix, 'error.log')];
  const check = spawn(binary, [...args, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let checkOutput = '';
  check.stdout.on('data', (chunk) => (checkOutput += chunk));
  check.stderr.on('data', (chunk) => (checkOutput += chunk));
  const checked = await new Promise((resolve) => check.once('exit', (code) => resolve(code)));
  if (checked !== 0) throw new Error(`nginx -t refused the generated config:\n${checkOutput}\n${config}`);

  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const deadline = Date.now() + 10_000;
  while (!(await portAnswers(listenPort))) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start (code ${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('nginx did not listen within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    accessLog: path.join(prefix, 'access.log'),
    errorLog: path.join(prefix, 'error.log'),
    /** SIGQUIT: nginx's graceful stop (open requests finish); SIGTERM after 10 s. */
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGTERM'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}
