import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { isValidEmail, normaliseEmail } from '../../shared/email';
import { RateLimit } from '../../shared/rate-limiter';
import { NewsletterSubscription } from './newsletter-subscription.entity';

export const newsletterRateLimit = new RateLimit('newsletter-per-ip', 10, 60 * 60 * 1000, 'sign-ups from this address');

export const subscribedMessage = 'Thank you for subscribing! Your 10% off your first purchase is on its way.';

export const newsletterService = {
  /** Stores the address once (subscribing twice is not an error: the answer is the same). */
  async subscribe(ctx: RequestContext, rawEmail: unknown): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!email || !isValidEmail(email)) {
      throw AppError.field('email', 'INVALID_EMAIL', 'Please enter a valid email address');
    }
    await newsletterRateLimit.consume(ctx.em, ctx.ip);
    await ctx.em.upsert(NewsletterSubscription, { email }, { onConflictFields: ['email'], onConflictAction: 'ignore' });
  },
};
