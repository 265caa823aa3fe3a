import { AppError } from '../http/errors';

/**
 * A fixed-window counter per key, in this process's memory (one process serves the shop). Enough
 * to stop a script flooding a form; the window and limit are per use.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws TOO_MANY_REQUESTS (naming when to retry) if `key` is already over the limit, without counting. */
  check(key: string, what: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > this.now() && entry.count >= this.limit) throw this.tooMany(entry, what);
  }

  /** Counts one attempt for `key`; throws TOO_MANY_REQUESTS naming when to retry once over the limit. */
  consume(key: string, what: string): void {
    const now = this.now();
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    entry.count += 1;
    if (entry.count > this.limit) throw this.tooMany(entry, what);
  }

  private tooMany(entry: { resetAt: number }, what: string): AppError {
    const minutes = Math.max(1, Math.ceil((entry.resetAt - this.now()) / 60_000));
    return new AppError(
      'TOO_MANY_REQUESTS',
      `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
