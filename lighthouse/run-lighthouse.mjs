// `npm run lighthouse`: builds if needed, starts the built shop (production, a throwaway data folder, a free port),
// runs Lighthouse's mobile audit (its default form factor and simulated throttling) in Debian's chromium against
// the home, a category and a product page, prints the four category scores per page and the home page's
// first-load JavaScript (gzipped) against its budget, and writes lighthouse/results/latest.json.
// It is a report: low scores do not fail it; only a crash (no build, no server, no browser, an audit error) does.
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// chrome-launcher is Lighthouse's own launcher (a dependency of the pinned lighthouse package).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import { ATTEMPTS_PER_PAGE, auditWithRetry } from './audit-page.mjs';
import {
  buildIfMissing,
  findFreePort,
  startBuiltShop,
  stopLeftoverPostgres,
  stopServer,
  waitForHealthy,
} from '../tools/shop-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'lighthouse', 'results');
const clientDist = path.join(root, 'client', 'dist');
const serverLogFile = path.join(resultsDir, 'server.log');

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/for-women' },
  { name: 'product', path: '/product/1' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The storefront's budget for JavaScript loaded before interaction, gzipped. */
const FIRST_LOAD_JS_BUDGET_BYTES = 160 * 1024;
// An audit scoring below this is reported as failed (Lighthouse draws it orange or red).
const PASSING_SCORE = 0.9;
// Issue 29's goal: performance ≥ 95 and Total Blocking Time ≤ 200 ms, on a host no faster than this benchmarkIndex
// (Lighthouse's own measure of the machine, taken at the start of each audit; an ordinary host is ~1,000–1,300).
const GOAL = { performance: 0.95, totalBlockingTimeMs: 200, maxBenchmarkIndex: 1300 };

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Writes JSON as the repository's Prettier would, so `prettier --check .` passes with results lying around
 * (Prettier reads only the root .gitignore, not lighthouse/.gitignore).
 */
async function writeJson(file, value) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  await fs.writeFile(file, await prettier.format(JSON.stringify(value), { ...options, filepath: file }));
}

/** Standard output; the repository's lint rules keep console.log out of application code. */
function print(line = '') {
  process.stdout.write(`${line}\n`);
}

function chromiumPath() {
  return process.env.LIGHTHOUSE_CHROMIUM_PATH || process.env.E2E_CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * The JavaScript the home page loads before any interaction: its module script and modulepreload links, plus
 * (through Vite's manifest) every chunk those import statically. Each file is gzipped with zlib's default level.
 */
async function firstLoadJs(baseUrl) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const manifest = JSON.parse(await fs.readFile(path.join(clientDist, '.vite', 'manifest.json'), 'utf8'));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  const fromHtml = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => new URL(match[1], baseUrl).pathname.replace(/^\//, ''));
  if (fromHtml.length === 0) throw new Error('the home page HTML names no module script');

  const files = new Set();
  const visit = (file) => {
    if (files.has(file) || !file.endsWith('.js')) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported) visit(imported);
    }
  };
  fromHtml.forEach(visit);

  const entries = [];
  for (const file of files) {
    const source = await fs.readFile(path.join(clientDist, file));
    entries.push({
      file,
      bytes: source.length,
      gzipBytes: gzipSync(source).length,
      listedInHtml: fromHtml.includes(file),
    });
  }
  entries.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzipBytes = entries.reduce((sum, entry) => sum + entry.gzipBytes, 0);
  return {
    files: entries,
    totalBytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
    totalGzipBytes,
    budgetBytes: FIRST_LOAD_JS_BUDGET_BYTES,
    withinBudget: totalGzipBytes <= FIRST_LOAD_JS_BUDGET_BYTES,
  };
}

/** The audits of each category that lost points, heaviest first (weight, then estimated savings). */
function failedAudits(lhr) {
  const byCategory = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    byCategory[id] = category.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < PASSING_SCORE &&
          !['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode),
      )
      .map(({ ref, audit }) => ({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        group: ref.group ?? null,
        displayValue: audit.displayValue ?? null,
        numericValue: audit.numericValue ?? null,
        // Lighthouse's estimate of what fixing it would save, per metric (LCP, FCP, TBT, CLS).
        metricSavings: audit.metricSavings ?? null,
        items: Array.isArray(audit.details?.items) ? audit.details.items.slice(0, 8).map(summariseItem) : [],
      }))
      .sort((a, b) => b.weight - a.weight || savings(b) - savings(a));
  }
  return byCategory;
}

function savings(audit) {
  return audit.metricSavings?.LCP ?? audit.metricSavings?.FCP ?? audit.metricSavings?.TBT ?? 0;
}

/** An audit's detail row, cut to what says where the problem is. */
function summariseItem(item) {
  const summary = {};
  for (const key of ['url', 'wastedBytes', 'wastedMs', 'totalBytes', 'transferSize', 'description', 'label']) {
    if (item[key] !== undefined) summary[key] = item[key];
  }
  if (item.node)
    summary.node = { selector: item.node.selector, snippet: item.node.snippet, label: item.node.nodeLabel };
  if (Array.isArray(item.subItems?.items) && item.subItems.items.length)
    summary.subItems = item.subItems.items.slice(0, 4).map(summariseItem);
  return summary;
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

function metricsOf(lhr) {
  return Object.fromEntries(
    Object.entries(METRICS).map(([id, label]) => [
      label,
      { value: lhr.audits[id]?.numericValue ?? null, display: lhr.audits[id]?.displayValue ?? null },
    ]),
  );
}

function score(value) {
  return value === null || value === undefined ? '  —' : String(Math.round(value * 100)).padStart(3);
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function printReport(pages, js) {
  const nameWidth = Math.max(...pages.map((page) => page.path.length), 4);
  print();
  print(`${'page'.padEnd(nameWidth)}  perf  a11y  best  seo   LCP      TBT     CLS  host index  goal`);
  for (const page of pages) {
    const cells = CATEGORIES.map((id) => score(page.scores[id])).join('   ');
    const { LCP, TBT, CLS } = page.metrics;
    const index = page.benchmarkIndex === null ? 'n/a' : String(Math.round(page.benchmarkIndex));
    print(
      `${page.path.padEnd(nameWidth)}  ${cells}   ${(LCP.display ?? '').padEnd(8)} ${(TBT.display ?? '').padEnd(7)} ` +
        `${(CLS.display ?? '').padEnd(4)} ${index.padStart(10)}  ${goalVerdict(page)}`,
    );
  }
  print(
    `goal: performance ≥ ${GOAL.performance * 100} and TBT ≤ ${GOAL.totalBlockingTimeMs} ms on a host whose ` +
      `benchmarkIndex is at most ${GOAL.maxBenchmarkIndex} (Lighthouse measures it at each audit)`,
  );
  print();
  print(
    `first-load JS (home, gzipped): ${kb(js.totalGzipBytes)} of ${kb(js.budgetBytes)} budget — ` +
      `${js.withinBudget ? 'within' : 'OVER'} budget (${js.files.length} files, ${kb(js.totalBytes)} raw)`,
  );
  for (const file of js.files) print(`  ${kb(file.gzipBytes).padStart(9)}  ${file.file}`);
  print();
  for (const page of pages) {
    const lines = CATEGORIES.flatMap((id) =>
      (page.failedAudits[id] ?? []).map(
        (audit) => `  [${id}] ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`,
      ),
    );
    print(`${page.path}: ${lines.length === 0 ? 'no failed audits' : `${lines.length} failed audits`}`);
    lines.forEach((line) => print(line));
  }
}

/** One page's audit; NO_NAVSTART is audited again (audit-page.mjs). */
function auditPage(url, port) {
  return auditWithRetry(
    (target) => lighthouse(target, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }),
    url,
    {
      onRetry: (attempt) =>
        print(`lighthouse: ${url} gave NO_NAVSTART (attempt ${attempt} of ${ATTEMPTS_PER_PAGE}); auditing it again`),
    },
  );
}

/** Whether a page meets issue 29's goal; a pass on a host faster than the goal's says so, as it proves less. */
function goalVerdict(page) {
  const met = page.scores.performance >= GOAL.performance && page.metrics.TBT.value <= GOAL.totalBlockingTimeMs;
  if (!met) return 'BELOW the goal';
  return page.benchmarkIndex > GOAL.maxBenchmarkIndex
    ? `meets it, on a faster host than the goal's (index > ${GOAL.maxBenchmarkIndex})`
    : 'meets the goal';
}

async function main() {
  const chromePath = chromiumPath();
  if (!existsSync(chromePath)) {
    throw new Error(`no chromium at ${chromePath}; install Debian's package with \`apt-get install -y chromium\``);
  }
  buildIfMissing('lighthouse');
  await fs.mkdir(resultsDir, { recursive: true });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-lighthouse-'));
  // As root the embedded postgres runs as the 'postgres' user, which must be able to enter the folder.
  await fs.chmod(dataDir, 0o755);
  const port = await findFreePort();
  const log = createWriteStream(serverLogFile);
  const { child: server, baseUrl } = startBuiltShop({ dataDir, port, log });
  server.once('exit', () => log.end());
  print(`lighthouse: starting the shop at ${baseUrl} (DATA_DIR ${dataDir})`);

  let chrome;
  let interrupted = false;
  const onSignal = (signal) => {
    interrupted = true;
    console.error(`\nlighthouse: ${signal} received; stopping.`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await waitForHealthy(baseUrl, server);
    // Warm the server's response cache and first-screen data, so the audit sees the steady state.
    for (const page of PAGES) await (await fetch(`${baseUrl}${page.path}`)).text();

    const js = await firstLoadJs(baseUrl);

    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
    // A fresh browser's first audit measured the host at ~950 against ~1,700 for the ones after it (its own start-up
    // still running): one audit first, discarded, so every page is measured in the same state.
    print('lighthouse: a warm-up audit of / (not reported)…');
    await auditPage(`${baseUrl}/`, chrome.port);
    const pages = [];
    let lighthouseVersion = null;
    for (const page of PAGES) {
      if (interrupted) throw new Error('interrupted');
      print(`lighthouse: auditing ${page.path}…`);
      const lhr = await auditPage(`${baseUrl}${page.path}`, chrome.port);
      lighthouseVersion = lhr.lighthouseVersion;
      await writeJson(path.join(resultsDir, `lhr-${page.name}.json`), lhr);
      pages.push({
        name: page.name,
        path: page.path,
        finalUrl: lhr.finalDisplayedUrl,
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null])),
        metrics: metricsOf(lhr),
        warnings: lhr.runWarnings,
        failedAudits: failedAudits(lhr),
      });
    }

    const report = {
      generatedAt: new Date().toISOString(),
      lighthouseVersion,
      browser: chromePath,
      settings: 'Lighthouse defaults: mobile form factor, simulated throttling',
      goal: GOAL,
      baseUrl,
      pages,
      firstLoadJs: js,
    };
    await writeJson(path.join(resultsDir, 'latest.json'), report);
    printReport(pages, js);
    print();
    print(`lighthouse: wrote ${path.relative(root, path.join(resultsDir, 'latest.json'))} (full reports: lhr-*.json)`);
  } finally {
    if (chrome) {
      try {
        chrome.kill();
      } catch (error) {
        console.error(`lighthouse: could not stop chromium: ${error instanceof Error ? error.message : error}`);
      }
    }
    await stopServer(server, 'lighthouse');
    await stopLeftoverPostgres(dataDir, 'lighthouse');
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  console.error(`lighthouse: server output is in ${path.relative(root, serverLogFile)}`);
  process.exit(1);
}
