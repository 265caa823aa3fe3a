import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { hmac, randomToken, safeEqual } from '../../shared/secrets';
import { isUuid } from '../../shared/uuid';
import { CodeChallenge } from './code-challenge.entity';

export const codeLifetimeSeconds = 300;
export const maxCodeAttempts = 5;
/** How long a verified code stays good for the step that uses it (creating the account). */
const proofLifetimeMs = 30 * 60_000;

/** Where a code goes: an e-mail address (sign-up) or a mobile number in E.164 (phone sign-in). */
export type CodeTarget = { email: string; phone?: never } | { phone: string; email?: never };

/** The column a target is kept in: chosen from two names, never from input. */
const columnOf = (target: CodeTarget) => (target.phone === undefined ? 'email' : 'phone');
const valueOf = (target: CodeTarget) => target.phone ?? target.email;

export function secretKey(ctx: RequestContext): string {
  if (!ctx.config.secretKey) throw new Error('SECRET_KEY was not resolved at start');
  return ctx.config.secretKey;
}

/**
 * A new 6-digit code for `target` (cryptographic, 300 s, 5 tries, single use), replacing the target's live
 * ones. With `deliverable` false no code is kept that anyone could enter: the HMAC is of a secret nobody
 * holds (an e-mail address that already has an account). Flushed; the caller sends the code.
 */
export async function createCodeChallenge(
  ctx: RequestContext,
  target: CodeTarget,
  { deliverable = true } = {},
): Promise<{ challenge: CodeChallenge; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const challenge = ctx.em.create(CodeChallenge, {
    ...target,
    codeHmac: '',
    expiresAt: new Date(Date.now() + codeLifetimeSeconds * 1000),
  });
  challenge.codeHmac = hmac(secretKey(ctx), `${challenge.id}:${deliverable ? code : randomToken()}`);
  await ctx.em.nativeUpdate(
    CodeChallenge,
    { [columnOf(target)]: valueOf(target), replacedAt: null, usedAt: null },
    { replacedAt: new Date() },
  );
  await ctx.em.flush();
  return { challenge, code };
}

/**
 * Checks a code for `target`'s challenge `hash` and marks it verified. Every try is counted before comparing,
 * in one statement that only a live challenge with tries left passes: parallel guesses cannot share one count.
 */
export async function verifyCode(ctx: RequestContext, target: CodeTarget, hash: unknown, otp: unknown) {
  const code = typeof otp === 'string' ? otp.trim() : '';
  if (!/^\d{6}$/.test(code)) throw AppError.field('otp', 'INVALID_CODE', 'Please enter all digits of the OTP');
  const expired = AppError.field('otp', 'CODE_EXPIRED', 'Invalid or expired code.');
  const locked = AppError.field('otp', 'CODE_LOCKED', 'Too many wrong codes. Please request a new code.');
  if (!isUuid(hash)) throw expired;
  const column = columnOf(target);
  const [counted] = await ctx.em.execute<{ attempts: number; code_hmac: string }[]>(
    `update code_challenges set attempts = attempts + 1
      where id = ? and ${column} = ? and used_at is null and replaced_at is null and expires_at > now() and attempts < ?
      returning attempts, code_hmac`,
    [hash, valueOf(target), maxCodeAttempts],
  );
  if (!counted) {
    const challenge = await ctx.em.findOne(CodeChallenge, { id: hash, [column]: valueOf(target) });
    const live = challenge && !challenge.usedAt && !challenge.replacedAt && challenge.expiresAt > new Date();
    throw live ? locked : expired;
  }
  if (!safeEqual(counted.code_hmac, hmac(secretKey(ctx), `${hash}:${code}`))) {
    throw counted.attempts >= maxCodeAttempts
      ? locked
      : AppError.field('otp', 'INVALID_CODE', 'Invalid or expired code.');
  }
  // The right code again (a retry) keeps the first verification time: the proof's 30 minutes do not restart.
  await ctx.em.nativeUpdate(CodeChallenge, { id: hash, verifiedAt: null }, { verifiedAt: new Date() });
}

/** The filter of `target`'s verified, unused challenge `hash` that is still good as a proof. */
function proofFilter(target: CodeTarget, hash: unknown) {
  return {
    id: isUuid(hash) ? hash : '',
    [columnOf(target)]: valueOf(target),
    usedAt: null,
    verifiedAt: { $gt: new Date(Date.now() - proofLifetimeMs) },
  };
}

/** Whether `hash` is a live proof for `target`: a cheap look before costly work (hashing a password). */
export async function hasProof(em: EntityManager, target: CodeTarget, hash: unknown): Promise<boolean> {
  const filter = proofFilter(target, hash);
  return filter.id !== '' && (await em.count(CodeChallenge, filter)) > 0;
}

/** Uses the proof up, in the caller's transaction: of parallel uses, exactly one gets true. */
export async function consumeProof(em: EntityManager, target: CodeTarget, hash: unknown): Promise<boolean> {
  const filter = proofFilter(target, hash);
  return filter.id !== '' && (await em.nativeUpdate(CodeChallenge, filter, { usedAt: new Date() })) === 1;
}
