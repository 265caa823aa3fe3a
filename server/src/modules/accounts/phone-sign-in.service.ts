import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { invalidKenyanMobileMessage, kenyanMobile } from '../../shared/kenyan-mobile';
import { RateLimit } from '../../shared/rate-limiter';
import { codeLifetimeSeconds, consumeProof, createCodeChallenge, hasProof, verifyCode } from './challenge-codes';
import { fifteenMinutes, requireNames, roleFor, signIn, type SignedIn } from './accounts.service';
import { joinTeamIfInvited } from '../staff/team-invitations';
import { User } from './user.entity';

/** The client's resend timer: one text per number per minute, however many tabs or instances ask. */
export const phoneResendSeconds = 60;

/** Kept in PostgreSQL like the e-mail limits (decision 0025): every instance counts on the same rows. */
export const phoneLimits = {
  /** Texts sent at one client's request, whatever the numbers: each costs the shop money. */
  smsPerIp: new RateLimit('sms-ip', 10, fifteenMinutes, 'text messages requested from this address'),
  codesPerPhone: new RateLimit('code-phone', 5, fifteenMinutes, 'codes requested for this number'),
  resendPerPhone: new RateLimit('code-phone-resend', 1, phoneResendSeconds * 1000, 'codes requested for this number'),
};

/** What a right code answers: signed in, or (a number without an account) a name to ask for. */
export type PhoneVerification = { signedIn: SignedIn; newAccount: false } | { signedIn: null; newAccount: true };

function requirePhone(value: unknown): string {
  if (typeof value !== 'string' || !value.trim())
    throw AppError.field('phone', 'REQUIRED', 'Please fill in all fields');
  const phone = kenyanMobile(value);
  if (!phone) throw AppError.field('phone', 'INVALID_PHONE', invalidKenyanMobileMessage);
  return phone;
}

const smsCode = (code: string) =>
  `Manukato: your sign-in code is ${code}. It expires in ${codeLifetimeSeconds / 60} minutes. Never share it.`;

/**
 * Sign-in with a Kenyan mobile number and a 6-digit code by SMS (issue 26): the e-mailed code's rules (single use,
 * expiry, five tries, a resend replaces it) with limits per number and per client shared by every instance.
 */
export const phoneSignInService = {
  /** Texts a code to the number and answers the challenge's hash. Every number gets one: no account is revealed. */
  async requestCode(ctx: RequestContext, rawPhone: unknown): Promise<{ hash: string; resendSeconds: number }> {
    const phone = requirePhone(rawPhone);
    await phoneLimits.resendPerPhone.consume(ctx.em, phone);
    await phoneLimits.smsPerIp.consume(ctx.em, ctx.ip);
    await phoneLimits.codesPerPhone.consume(ctx.em, phone);
    const { challenge, code } = await createCodeChallenge(ctx, { phone });
    try {
      await ctx.sms.send(phone, smsCode(code));
    } catch (error) {
      ctx.log.error({ err: error }, 'could not text the sign-in code');
      throw new AppError('INTERNAL', 'Failed to send verification code. Please try again.');
    }
    return { hash: challenge.id, resendSeconds: phoneResendSeconds };
  },

  /**
   * Checks the code. A number that has an account is signed in (the proof used up at once); a new number's proof
   * stays good for `register`, and the answer says to ask for a name.
   */
  async verifyCode(
    ctx: RequestContext,
    input: { phone?: unknown; otp?: unknown; hash?: unknown },
  ): Promise<PhoneVerification> {
    const phone = requirePhone(input.phone);
    await verifyCode(ctx, { phone }, input.hash, input.otp);
    const user = await ctx.em.findOne(User, { phone });
    if (!user) return { signedIn: null, newAccount: true };
    return ctx.em.transactional(async (em) => {
      if (!(await consumeProof(em, { phone }, input.hash))) throw proofRequired();
      const member = await em.findOneOrFail(User, { id: user.id });
      await joinTeamIfInvited(em, member);
      return { signedIn: signIn(ctx, member, em), newAccount: false };
    });
  },

  /** Creates the account of a verified new number with just a name, and signs it in. */
  async register(
    ctx: RequestContext,
    input: { phone?: unknown; hash?: unknown; first?: unknown; last?: unknown },
  ): Promise<SignedIn> {
    const { first, last } = requireNames(input);
    if (first.length > 100 || last.length > 100)
      throw AppError.field(first.length > 100 ? 'first' : 'last', 'TOO_LONG', 'Names must be at most 100 characters');
    const phone = requirePhone(input.phone);
    if (!(await hasProof(ctx.em, { phone }, input.hash))) throw proofRequired();
    try {
      return await ctx.em.transactional(async (em) => {
        if (!(await consumeProof(em, { phone }, input.hash))) throw proofRequired();
        // Registered meanwhile (another tab): the verified number signs in to that account.
        const existing = await em.findOne(User, { phone });
        const user = existing ?? em.create(User, { first, last, phone, role: roleFor(ctx.config, null) });
        await joinTeamIfInvited(em, user);
        return signIn(ctx, user, em);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw proofRequired();
      throw error;
    }
  },
};

const proofRequired = () =>
  AppError.field('phone', 'VERIFICATION_REQUIRED', 'Please verify your number with the code we sent.');
