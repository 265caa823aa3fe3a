import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

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

/** A temporary client/dist holding `files` (path → content) besides index.html; `remove` deletes it. */
export async function writeClientDist(
  files: Record<string, string> = {},
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-client-dist-'));
  for (const [name, content] of Object.entries({ 'index.html': clientTemplate, ...files })) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), content);
  }
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
