// Runs one of the server's command entries (server/src/<name>.ts) from the build, building the server first when
// the build is missing or older than its sources (as `npm start` does), and exits with the command's exit code.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from '../../tools/shop-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = path.join(root, 'server');

export function runBuiltEntry(name) {
  const entry = path.join(server, 'dist', `${name}.js`);
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  if (
    builtAt < Math.max(newestMtime(path.join(server, 'src')), newestMtime(path.join(server, 'tsconfig.build.json')))
  ) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const run = spawnSync(process.execPath, ['--enable-source-maps', entry, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
