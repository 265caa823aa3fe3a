// GraphiQL at GET /graphql (decision 0032), in a real browser against the built shop: it loads offline, under the
// shop's CSP, completes what a developer types, runs it with the visitor's session, and shows the answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminCredentials, signInAsAdmin } from './support/accounts.mjs';
import { baseUrl, graphql, openPage, useBrowser } from './support/browser.mjs';

const browser = useBrowser();

/**
 * A fresh page that records what must not happen: requests to any host but the shop's, console errors
 * (chromium reports CSP refusals there too) and uncaught exceptions.
 */
async function watchedPage() {
  const { context, page, pageErrors } = await openPage(browser());
  const shopHost = new URL(baseUrl()).host;
  const outsideRequests = [];
  const consoleErrors = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== shopHost) {
      outsideRequests.push(request.url());
    }
  });
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { context, page, pageErrors, outsideRequests, consoleErrors };
}

const queryEditor = (page) => page.locator('.graphiql-query-editor .monaco-editor');

/** Empties the query editor and leaves the cursor in it. */
async function clearQuery(page) {
  await queryEditor(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
}

/** The query editor's text as the developer sees it. */
async function queryText(page) {
  return (await page.locator('.graphiql-query-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
}

/** The editor's text once it reads `expected`, or its last text after 15 s: the view renders a frame behind input. */
async function settledQueryText(page, expected) {
  const deadline = Date.now() + 15_000;
  let text = await queryText(page);
  while (text !== expected && Date.now() < deadline) {
    await page.waitForTimeout(50);
    text = await queryText(page);
  }
  return text;
}

/** Runs the query (Ctrl-Enter, as the Execute button's label says) and parses the result pane once it answers. */
async function runAndReadResult(page) {
  await page.keyboard.press('Control+Enter');
  const result = page.locator('.result-window .view-lines');
  await result.filter({ hasText: '"data"' }).waitFor();
  return JSON.parse((await result.innerText()).replace(/\u00a0/g, ' '));
}

/** Opens /graphql and waits until the query editor is ready. */
async function openGraphiQL(page) {
  const response = await page.goto('/graphql');
  assert.equal(response?.status(), 200);
  assert.match(response?.headers()['content-type'] ?? '', /text\/html/);
  assert.equal(await page.title(), 'Manukato GraphiQL');
  await queryEditor(page).waitFor();
}

test('GET /graphql runs a query written with completion, offline and without errors', async () => {
  const { context, page, pageErrors, outsideRequests, consoleErrors } = await watchedPage();
  try {
    await openGraphiQL(page);
    // The tools a developer explores with: documentation, history, the explorer plugin, a headers editor.
    for (const label of ['Show Documentation Explorer', 'Show History', 'Show GraphiQL Explorer']) {
      await page.getByRole('button', { name: label, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Headers', exact: true }).waitFor();

    await clearQuery(page);
    await page.keyboard.type('{ categ');
    // Completion from the introspected schema: the field's name with its type.
    const suggestion = page.locator('.suggest-widget .monaco-list-row').filter({ hasText: 'categories' });
    await suggestion.filter({ hasText: '[Category!]!' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type(' {');
    // The field name goes in as text: typed key by key, the suggestion list opening over it can take a key on a
    // busy machine ('nam').
    await page.keyboard.insertText(' name');
    // The editor closed each brace it opened.
    assert.equal(await settledQueryText(page, '{ categories { name}}'), '{ categories { name}}');

    const result = await runAndReadResult(page);
    const { categories } = await graphql('{ categories { name } }');
    assert.ok(categories.length > 0, 'the seeded shop has categories');
    assert.deepEqual(result, { data: { categories } });

    // The documentation pane reads the same schema.
    await page.getByRole('button', { name: 'Show Documentation Explorer', exact: true }).click();
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();

    await page.waitForLoadState('networkidle');
    assert.deepEqual(outsideRequests, [], 'GraphiQL reached beyond the shop');
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test("GraphiQL's requests carry the signed-in session and Apollo's CSRF header", async () => {
  const { context, page, pageErrors, outsideRequests, consoleErrors } = await watchedPage();
  try {
    await signInAsAdmin(page);
    await openGraphiQL(page);
    const sent = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') sent.push(request);
    });
    await clearQuery(page);
    await page.keyboard.type('{ me { email');
    await page.keyboard.press('Escape');
    const result = await runAndReadResult(page);
    assert.deepEqual(result, { data: { me: { email: adminCredentials().email } } });
    const query = sent.find((request) => request.postData()?.includes('me'));
    assert.ok(query, 'no POST /graphql carried the query');
    assert.equal(await query.headerValue('apollo-require-preflight'), 'true');

    assert.deepEqual(outsideRequests, []);
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});
