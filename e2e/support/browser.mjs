// Shared plumbing for the e2e tests: where the shop and the browser are, and a page that fails loudly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Debian's chromium, never a downloaded one: CI and dev boxes install it with apt.
export function chromiumPath() {
  return process.env.E2E_CHROMIUM_PATH || '/usr/bin/chromium';
}

export function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  // Running a test file directly would otherwise fail with an obscure "invalid URL" deep in a test.
  if (!url) throw new Error('E2E_BASE_URL is not set: run the e2e tests through `npm run test:e2e`.');
  return url.replace(/\/$/, '');
}

export function resultsDir() {
  return process.env.E2E_RESULTS_DIR || path.join(repositoryRoot, 'test-results');
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath(),
    // Playwright adds its own headless flag; these keep chromium from phoning home or needing a sandbox/GPU.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page in a fresh context (no shared cookies or localStorage between tests) that records uncaught page
 * errors, so a test can assert the app did not crash while still rendering something plausible.
 */
export async function openPage(browser) {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/**
 * One browser for the calling test file: launched before its tests, closed after them. Call at the top level;
 * the returned function gives the browser inside a test.
 */
export function useBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

/** Opens a fresh context and hands its page to `body`, closing the context whatever happens. */
export async function withPage(browser, body) {
  const { context, page, pageErrors } = await openPage(browser);
  try {
    await body({ context, page });
    assert.deepEqual(pageErrors, [], 'the page threw uncaught errors');
  } finally {
    await context.close();
  }
}

/** Integer KES cents as the shop prints them: 'Ksh 1,234.56' (client/src/shared/format-money.ts). */
export function ksh(cents) {
  const minor = String(cents % 100).padStart(2, '0');
  const shillings = String((cents - (cents % 100)) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `Ksh ${shillings}.${minor}`;
}

export function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The signed-in page's own GraphQL call (its session cookie goes along). */
export function pageGraphql(page, query, variables = {}) {
  return page.evaluate(
    async ({ query: text, variables: values }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: text, variables: values }),
      });
      const json = await response.json();
      if (json.errors) throw new Error(JSON.stringify(json.errors));
      return json.data;
    },
    { query, variables },
  );
}

/** Talks to the running shop's GraphQL API directly, to compare the page with what the server has. */
export async function graphql(query, variables = {}) {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (!response.ok || body.errors) {
    throw new Error(`GraphQL ${response.status}: ${JSON.stringify(body.errors ?? body)}`);
  }
  return body.data;
}

/**
 * The sample product names in seeding order, read from the TypeScript source so the e2e tests need no
 * TypeScript loader. The seed gives later entries higher ids, so the list's tail is the newest.
 */
export function sampleProductNames() {
  const source = readFileSync(
    path.join(repositoryRoot, 'server', 'src', 'modules', 'catalog', 'catalog.samples.ts'),
    'utf8',
  );
  const start = source.indexOf('export const sampleProducts');
  if (start < 0) throw new Error('catalog.samples.ts no longer exports sampleProducts');
  const end = source.indexOf('\n];', start);
  const block = source.slice(start, end);
  // Product entries are indented by four spaces; categories inside them are plain strings, not `name:` keys.
  return [...block.matchAll(/^ {4}name: '((?:[^'\\]|\\.)*)',$/gm)].map((match) => match[1].replace(/\\'/g, "'"));
}
