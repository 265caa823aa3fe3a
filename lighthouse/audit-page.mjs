// One page's Lighthouse audit, run again when Lighthouse could not see the navigation start (NO_NAVSTART, seen on a
// busy host): a run that lost its trace says nothing about the page. Any other runtime error fails the run.

/** How many times a page is audited at most before NO_NAVSTART fails the run. */
export const ATTEMPTS_PER_PAGE = 3;

/**
 * `runAudit(url)` is Lighthouse's own call (resolving `{ lhr }`); `onRetry(attempt, error)` hears each repeated
 * attempt. Resolves with the first result that has no runtime error.
 */
export async function auditWithRetry(runAudit, url, { attempts = ATTEMPTS_PER_PAGE, onRetry = () => {} } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const lhr = (await runAudit(url))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (!lhr.runtimeError) return lhr;
    const { code, message } = lhr.runtimeError;
    if (code !== 'NO_NAVSTART' || attempt >= attempts) {
      throw new Error(`Lighthouse failed on ${url} (attempt ${attempt}): ${code} ${message}`);
    }
    onRetry(attempt, lhr.runtimeError);
  }
}
