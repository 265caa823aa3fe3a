// axe-core in the browser (issue 13): the rules every page is held to, and a page's violations as readable lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Evaluated as a string, not added as a <script>: the shop's CSP admits no inline or unknown scripts.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const STANDARDS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Runs axe on the page as it is now and returns its violations, one readable line each. */
export async function violations(page, runOnly = STANDARDS) {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const results = await globalThis.axe.run(globalThis.document, { runOnly: tags });
    // Zero violations means something only if axe found elements to check.
    if (results.passes.length === 0) throw new Error('axe checked nothing on this page');
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary,
    }));
  }, runOnly);
  return found.map(
    ({ id, impact, targets, summary }) => `${id} (${impact}): ${targets.join(', ')}\n    ${summary ?? ''}`,
  );
}
