// `npm start`: builds what is missing or older than its sources, then runs the built server.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from '../../tools/shop-process.mjs';
import { withShopRuntime } from '../../tools/shop-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function build(workspace) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = path.join(root, 'server');
const client = path.join(root, 'client');
if (
  builtAt(path.join(server, 'dist', 'main.js')) <
  Math.max(newestMtime(path.join(server, 'src')), newestMtime(path.join(server, 'tsconfig.build.json')))
) {
  build('server');
}
const clientSources = Math.max(
  newestMtime(path.join(client, 'src')),
  newestMtime(path.join(client, 'index.html')),
  newestMtime(path.join(client, 'vite.config.ts')),
  newestMtime(path.join(client, 'server-manifest.mjs')),
);
// server-manifest.json too: a client built before it existed (decision 0044) is rebuilt.
const clientBuiltAt = Math.min(
  builtAt(path.join(client, 'dist', 'index.html')),
  builtAt(path.join(client, 'dist', 'server-manifest.json')),
);
if (clientBuiltAt < clientSources) build('client');

// .env beats this wrapper's default (NODE_ENV) and holds only what the real environment leaves unset. The server
// reads the same file with the same function (server/src/config/env-file.ts).
const { readEnvFile } = createRequire(import.meta.url)(path.join(server, 'dist', 'config', 'env-file.js'));
const fromEnvFile = readEnvFile();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(server, 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  // Payments are the server's decision (config.ts): on the embedded database without a Paystack key the stand-in
  // takes them (a local trial); a server database needs PAYSTACK_SECRET_KEY or an explicit PAYMENT_SIMULATOR=true.
  env: withShopRuntime({ NODE_ENV: 'production', ...process.env, ...fromEnvFile }),
});
// npm and process managers signal this wrapper; the server must get the signal to shut down cleanly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
