import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { isValidEmail, normaliseEmail } from '../../config/email-address';
import { RateLimit } from '../../shared/rate-limiter';
import { hmac, randomToken, safeEqual, sha256 } from '../../shared/secrets';
import { issueWelcomeCode } from '../discounts/welcome-code';
import { renderNewsletterConfirmEmail } from '../notifications/emails/newsletter-confirm-email';
import { renderNewsletterWelcomeEmail } from '../notifications/emails/newsletter-welcome-email';
import { queueEmail } from '../notifications/notifications.service';
import { NewsletterSubscription, SubscriptionStatus } from './newsletter-subscription.entity';

const oneHour = 60 * 60 * 1000;
export const newsletterRateLimit = new RateLimit('newsletter-per-ip', 10, oneHour, 'sign-ups from this address');
/** Confirmation e-mails to one address, whatever its state (so a refusal says nothing about who subscribed). */
export const newsletterEmailRateLimit = new RateLimit(
  'newsletter-per-email',
  3,
  oneHour,
  'confirmation e-mails to this address',
);

export const confirmLinkDays = 7;

/** The same answer for every valid address, new, pending or confirmed: it does not tell who is subscribed. */
export const subscribedMessage = 'Almost done! Check your inbox to confirm your subscription and get your 10% off.';
export const confirmedMessage = 'Your subscription is confirmed. Your 10% off code is on its way to your inbox.';
export const invalidConfirmLinkMessage =
  'This confirmation link is invalid or has expired. Subscribe again in the footer to get a new one.';
export const unsubscribedMessage = 'You have been unsubscribed. You will not receive the newsletter any more.';
export const invalidUnsubscribeLinkMessage = 'This unsubscribe link is invalid.';

function secretKey(config: AppConfig): string {
  if (!config.secretKey) throw new Error('SECRET_KEY was not resolved at start');
  return config.secretKey;
}

/**
 * The unsubscribe token: the subscription's id and an HMAC of it with the shared secret. Nothing to store, it never
 * expires (an old e-mail's link must keep working) and any instance can check it.
 */
export function unsubscribeToken(config: AppConfig, id: number): string {
  return `${id}.${hmac(secretKey(config), `newsletter-unsubscribe:${id}`)}`;
}

function subscriptionIdOf(config: AppConfig, token: unknown): number | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const match = /^(\d{1,10})\.([\w-]+)$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  return safeEqual(token, unsubscribeToken(config, id)) ? id : undefined;
}

/**
 * What every newsletter e-mail carries: the one-click unsubscribe of RFC 8058 (a POST to the API, which mail clients
 * send without showing a page) and the page a person lands on from the visible link (it asks before acting).
 */
export function unsubscribeLinks(config: AppConfig, id: number) {
  const token = encodeURIComponent(unsubscribeToken(config, id));
  const oneClickUrl = `${config.publicUrl}/api/newsletter/unsubscribe?token=${token}`;
  return {
    pageUrl: `${config.publicUrl}/newsletter/unsubscribe?token=${token}`,
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

async function queueConfirmation(ctx: RequestContext, em: EntityManager, subscription: NewsletterSubscription) {
  const token = randomToken();
  subscription.status = SubscriptionStatus.PENDING;
  subscription.confirmTokenHash = sha256(token);
  subscription.confirmExpiresAt = new Date(Date.now() + confirmLinkDays * 24 * oneHour);
  const links = unsubscribeLinks(ctx.config, subscription.id);
  const rendered = await renderNewsletterConfirmEmail({
    publicUrl: ctx.config.publicUrl,
    confirmUrl: `${ctx.config.publicUrl}/newsletter/confirm?token=${token}`,
    unsubscribeUrl: links.pageUrl,
    days: confirmLinkDays,
  });
  queueEmail(em, { to: subscription.email, ...rendered, headers: links.headers });
}

export interface ConfirmedSubscription {
  email: string;
  /** False when the link had been used already: nothing new was sent. */
  newlyConfirmed: boolean;
}

export const newsletterService = {
  /**
   * Double opt-in: a new, pending or unsubscribed address gets (again) a confirmation e-mail; a confirmed one gets
   * nothing new. The answer is the same in every case.
   */
  async subscribe(ctx: RequestContext, rawEmail: unknown): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!email || !isValidEmail(email)) {
      throw AppError.field('email', 'INVALID_EMAIL', 'Please enter a valid email address');
    }
    await newsletterRateLimit.consume(ctx.em, ctx.ip);
    await newsletterEmailRateLimit.consume(ctx.em, email);
    await ctx.em.transactional(async (em) => {
      await em.upsert(NewsletterSubscription, { email }, { onConflictFields: ['email'], onConflictAction: 'ignore' });
      // Locked: two sign-ups at once for one address send one valid link each, never a half-written row.
      const subscription = await em.findOneOrFail(
        NewsletterSubscription,
        { email },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (subscription.status === SubscriptionStatus.CONFIRMED) return;
      await queueConfirmation(ctx, em, subscription);
    });
  },

  /**
   * The link from the confirmation e-mail: confirms once, issuing the welcome code (one per address, ever) and
   * queueing the e-mail that carries it, in one transaction. A second click finds it confirmed and sends nothing.
   */
  async confirm(ctx: RequestContext, rawToken: unknown): Promise<ConfirmedSubscription> {
    const invalid = AppError.field('token', 'INVALID_TOKEN', invalidConfirmLinkMessage);
    const token = typeof rawToken === 'string' && rawToken.length >= 20 && rawToken.length <= 200 ? rawToken : '';
    if (!token) throw invalid;
    return ctx.em.transactional(async (em) => {
      const subscription = await em.findOne(
        NewsletterSubscription,
        { confirmTokenHash: sha256(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!subscription || subscription.status === SubscriptionStatus.UNSUBSCRIBED) throw invalid;
      if (subscription.status === SubscriptionStatus.CONFIRMED) {
        return { email: subscription.email, newlyConfirmed: false };
      }
      if (!subscription.confirmExpiresAt || subscription.confirmExpiresAt.getTime() <= Date.now()) throw invalid;
      subscription.status = SubscriptionStatus.CONFIRMED;
      subscription.confirmedAt = new Date();
      subscription.unsubscribedAt = null;
      if (!subscription.welcomeCode) {
        subscription.welcomeCode = await issueWelcomeCode(em, subscription.email);
        const links = unsubscribeLinks(ctx.config, subscription.id);
        const rendered = await renderNewsletterWelcomeEmail({
          publicUrl: ctx.config.publicUrl,
          code: subscription.welcomeCode,
          unsubscribeUrl: links.pageUrl,
        });
        queueEmail(em, { to: subscription.email, ...rendered, headers: links.headers });
      }
      return { email: subscription.email, newlyConfirmed: true };
    });
  },

  /**
   * The one-click POST (RFC 8058) and the unsubscribe page's button: idempotent, and it also voids a confirmation
   * link still in the inbox. The welcome code already sent stays valid: it was given, not lent.
   */
  async unsubscribe(ctx: RequestContext, rawToken: unknown): Promise<void> {
    const id = subscriptionIdOf(ctx.config, rawToken);
    if (id === undefined) throw AppError.field('token', 'INVALID_TOKEN', invalidUnsubscribeLinkMessage);
    await ctx.em.nativeUpdate(
      NewsletterSubscription,
      { id, status: { $ne: SubscriptionStatus.UNSUBSCRIBED } },
      { status: SubscriptionStatus.UNSUBSCRIBED, unsubscribedAt: new Date(), confirmTokenHash: null },
    );
  },
};
