// `npm run seed:orders -- --orders 1000000`: builds the server when it is missing or older than its sources
// (as `npm start` does), then runs the generator from the build (server/src/seed-orders-main.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from '../../tools/shop-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = path.join(root, 'server');
const entry = path.join(server, 'dist', 'seed-orders-main.js');

const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
if (builtAt < Math.max(newestMtime(path.join(server, 'src')), newestMtime(path.join(server, 'tsconfig.build.json')))) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, ['--enable-source-maps', entry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
