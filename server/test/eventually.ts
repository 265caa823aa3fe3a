/**
 * Polls `check` until it holds, for state that changes after something else happens (a notice heard on a LISTEN
 * connection). No speed is asserted: the limit only names a hang, so it is far above what a loaded machine takes
 * (decision 0082). A wait for something that could also happen by itself (an entry expiring) must stay below that.
 */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  limitMs = 60_000,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
