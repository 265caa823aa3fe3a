// The server-written HTML of the storefront's pages is valid HTML: the Nu HTML Checker (vnu-jar, the W3C's
// validator) finds no errors in it. The pages are what crawlers and link previews read before any JavaScript.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { baseUrl } from './support/browser.mjs';

const require = createRequire(import.meta.url);
// The package's main export is the path of its vnu.jar; it runs on the machine's Java (its own download of a
// JDK is turned off in package.json's allowScripts).
const vnuJar = String(require('vnu-jar'));

const pages = [
  { path: '/', status: 200 },
  { path: '/category/for-women', status: 200 },
  { path: '/product/1', status: 200 },
  // With a review of its own when the accessibility tests ran first (their review of product 2).
  { path: '/product/2', status: 200 },
  { path: '/search?q=oud', status: 200 },
  { path: '/cart', status: 200 },
  { path: '/no-such-page', status: 404 },
  // The payment stand-in's simulated phone (test mode; decision 0053).
  { path: '/paystack-simulator/phone?number=0712345678', status: 200 },
];

test('the Nu HTML Checker finds no errors in the server-written HTML of the storefront pages', async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-vnu-'));
  try {
    const files = [];
    for (const [index, page] of pages.entries()) {
      const response = await fetch(`${baseUrl()}${page.path}`, { headers: { accept: 'text/html' } });
      if (page.status !== null) assert.equal(response.status, page.status, `status of ${page.path}`);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/, `content type of ${page.path}`);
      const file = path.join(folder, `page-${index}.html`);
      await fs.writeFile(file, await response.text());
      files.push({ file, path: page.path });
    }

    // One run for every page: Java's start-up is most of the checker's time.
    const { stdout } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files.map((entry) => entry.file)],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error) => {
      if (error.code === 'ENOENT') throw new Error('java is not installed (apt-get install -y default-jre-headless)');
      throw error;
    });
    const { messages } = JSON.parse(stdout);
    const pathOf = (url) => files.find((entry) => url?.endsWith(path.basename(entry.file)))?.path ?? url;
    const errors = messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map(
        (message) => `${pathOf(message.url)}:${message.lastLine ?? '?'}: ${message.message} «${message.extract ?? ''}»`,
      );
    assert.deepEqual(errors, [], `vnu errors:\n${errors.join('\n')}`);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
});
