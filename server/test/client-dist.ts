import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repositoryRoot } from '../src/config/config';

/** The built client's page, as Vite writes it, for tests that run before `npm run build`. */
export const clientTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="default" />
    <title>Manukato</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/main.js"></script>
  </body>
</html>`;

/** The client's server-manifest.json, made by the function its build runs (decision 0044). */
export function buildServerManifest(): string {
  return execFileSync(process.execPath, [path.join(repositoryRoot, 'client', 'server-manifest.mjs')], {
    encoding: 'utf8',
  });
}

let serverManifest: string | undefined;

/** Made once for the run by the global setup (MANUKATO_TEST_SERVER_MANIFEST), else here. */
function builtServerManifest(): string {
  const file = process.env.MANUKATO_TEST_SERVER_MANIFEST;
  serverManifest ??= file ? readFileSync(file, 'utf8') : buildServerManifest();
  return serverManifest;
}

/**
 * A temporary client/dist holding `files` (path → content) besides index.html and the client's
 * server-manifest.json as its build writes it; `remove` deletes it.
 */
export async function writeClientDist(
  files: Record<string, string> = {},
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-client-dist-'));
  const built = { 'index.html': clientTemplate, 'server-manifest.json': builtServerManifest() };
  for (const [name, content] of Object.entries({ ...built, ...files })) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), content);
  }
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
