import { randomInt } from 'node:crypto';
import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../http/errors';
import { isUuid } from '../../shared/uuid';
import type { RequestContext } from '../../http/request-context';
import { isValidEmail, normaliseEmail } from '../../shared/email';
import { RateLimiter } from '../../shared/rate-limiter';
import { hmac, randomToken, safeEqual, sha256 } from '../../shared/secrets';
import { CodeChallenge } from './code-challenge.entity';
import { verifyGoogleCredential } from './google';
import { PasswordReset } from './password-reset.entity';
import { revokeSession, revokeUserSessions, startSession } from './sessions';
import { User, UserRole } from './user.entity';
import { toViewer, type Viewer } from './viewer';

export const codeLifetimeSeconds = 300;
export const maxCodeAttempts = 5;
const proofLifetimeMs = 30 * 60_000;
const resetLifetimeMs = 30 * 60_000;
export const resetRequestedMessage = 'Password reset instructions have been sent to your email.';
const invalidCredentials = 'Invalid email or password.';

export const loginLimits = {
  perAddress: new RateLimiter(30, 15 * 60_000),
  perAccount: new RateLimiter(10, 15 * 60_000),
};
const codeLimiter = new RateLimiter(5, 15 * 60_000);
const resetLimiter = new RateLimiter(3, 15 * 60_000);

export interface SignedIn {
  viewer: Viewer;
  token: string;
}

function secretKey(ctx: RequestContext): string {
  if (!ctx.config.secretKey) throw new Error('SECRET_KEY was not resolved at start');
  return ctx.config.secretKey;
}

function requireEmail(value: unknown): string {
  const email = normaliseEmail(value);
  if (!email) throw AppError.field('email', 'REQUIRED', 'Please fill in all fields');
  if (!isValidEmail(email)) throw AppError.field('email', 'INVALID_EMAIL', 'Please enter a valid email address');
  return email;
}

function requirePassword(value: unknown): string {
  const password = typeof value === 'string' ? value : '';
  if (!password) throw AppError.field('password', 'REQUIRED', 'Please fill in all fields');
  if (password.length < 6) throw AppError.field('password', 'TOO_SHORT', 'Password must be at least 6 characters');
  if (password.length > 200) throw AppError.field('password', 'TOO_LONG', 'Password must be at most 200 characters');
  return password;
}

function roleFor(config: AppConfig, email: string): UserRole {
  return email === config.adminEmail ? UserRole.ADMIN : UserRole.USER;
}

function signIn(ctx: RequestContext, user: User): SignedIn {
  const token = startSession(ctx, user);
  return { viewer: toViewer(user, ''), token };
}

export const hashPassword = (password: string) => argonHash(password);

export const accountsService = {
  /** E-mails a 6-digit code (cryptographic, 300 s, 5 tries, single use; a resend replaces it). Answers the spec's hash. */
  async requestSignupCode(ctx: RequestContext, rawEmail: unknown): Promise<{ hash: string }> {
    const email = requireEmail(rawEmail);
    if (await ctx.em.count(User, { email }))
      throw AppError.field('email', 'EMAIL_TAKEN', 'An account with this email already exists.');
    codeLimiter.consume(`${email}`, 'codes requested for this address');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const challenge = ctx.em.create(CodeChallenge, {
      email,
      codeHmac: '',
      expiresAt: new Date(Date.now() + codeLifetimeSeconds * 1000),
    });
    challenge.codeHmac = hmac(secretKey(ctx), `${challenge.id}:${code}`);
    await ctx.em.nativeUpdate(CodeChallenge, { email, replacedAt: null, usedAt: null }, { replacedAt: new Date() });
    await ctx.em.flush();
    try {
      await ctx.mailer.send({
        to: email,
        subject: 'Your Manukato verification code',
        text: `Your Manukato verification code is ${code}.\n\nIt expires in 5 minutes. If you did not ask for it, ignore this e-mail.`,
      });
    } catch (error) {
      ctx.log.error({ err: error }, 'could not send the verification code');
      throw new AppError('INTERNAL', 'Failed to send verification code. Please try again.');
    }
    return { hash: challenge.id };
  },

  async verifySignupCode(
    ctx: RequestContext,
    input: { email?: unknown; otp?: unknown; hash?: unknown },
  ): Promise<void> {
    const email = normaliseEmail(input.email);
    const otp = typeof input.otp === 'string' ? input.otp.trim() : '';
    if (!/^\d{6}$/.test(otp)) throw AppError.field('otp', 'INVALID_CODE', 'Please enter all digits of the OTP');
    const challenge = isUuid(input.hash) ? await ctx.em.findOne(CodeChallenge, { id: input.hash, email }) : null;
    if (!challenge || challenge.replacedAt || challenge.usedAt || challenge.expiresAt <= new Date()) {
      throw AppError.field('otp', 'CODE_EXPIRED', 'Invalid or expired code.');
    }
    if (challenge.verifiedAt) return;
    // Count the try before comparing, in one statement: parallel guesses cannot share one count.
    const [counted] = await ctx.em
      .getConnection()
      .execute<{ attempts: number }[]>(
        'update code_challenges set attempts = attempts + 1 where id = ? and attempts < ? returning attempts',
        [challenge.id, maxCodeAttempts],
      );
    if (!counted) throw AppError.field('otp', 'CODE_LOCKED', 'Too many wrong codes. Please request a new code.');
    if (!safeEqual(challenge.codeHmac, hmac(secretKey(ctx), `${challenge.id}:${otp}`))) {
      throw counted.attempts >= maxCodeAttempts
        ? AppError.field('otp', 'CODE_LOCKED', 'Too many wrong codes. Please request a new code.')
        : AppError.field('otp', 'INVALID_CODE', 'Invalid or expired code.');
    }
    challenge.verifiedAt = new Date();
    await ctx.em.flush();
  },

  /** Creates the account only with a verified code for this e-mail; any role the client sends is ignored. */
  async register(
    ctx: RequestContext,
    input: { first?: unknown; last?: unknown; email?: unknown; password?: unknown; hash?: unknown },
  ): Promise<SignedIn> {
    const first = typeof input.first === 'string' ? input.first.trim() : '';
    const last = typeof input.last === 'string' ? input.last.trim() : '';
    if (!first || !last) throw AppError.field(!first ? 'first' : 'last', 'REQUIRED', 'Please fill in all fields');
    const email = requireEmail(input.email);
    const password = requirePassword(input.password);
    const challenge = isUuid(input.hash) ? await ctx.em.findOne(CodeChallenge, { id: input.hash, email }) : null;
    if (!challenge?.verifiedAt || challenge.usedAt || challenge.verifiedAt.getTime() + proofLifetimeMs < Date.now()) {
      throw AppError.field(
        'email',
        'VERIFICATION_REQUIRED',
        'Please verify your email with the code we sent before creating an account.',
      );
    }
    if (await ctx.em.count(User, { email }))
      throw AppError.field('email', 'EMAIL_TAKEN', 'An account with this email already exists.');
    const user = ctx.em.create(User, {
      first,
      last,
      email,
      passwordHash: await hashPassword(password),
      role: roleFor(ctx.config, email),
    });
    challenge.usedAt = new Date();
    const signedIn = signIn(ctx, user);
    try {
      await ctx.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw AppError.field('email', 'EMAIL_TAKEN', 'An account with this email already exists.');
      throw error;
    }
    return signedIn;
  },

  /** One message for a wrong e-mail or a wrong password; limited per address and per account. */
  async login(ctx: RequestContext, input: { email?: unknown; password?: unknown }): Promise<SignedIn> {
    const email = normaliseEmail(input.email);
    const password = typeof input.password === 'string' ? input.password : '';
    if (!email || !password)
      throw AppError.field(!email ? 'email' : 'password', 'REQUIRED', 'Please fill in all fields');
    // Only failed attempts count: people behind one address (an office, a mobile carrier) still sign in.
    const what = 'sign-in attempts';
    loginLimits.perAddress.check(ctx.ip, what);
    // Per account and address: a stranger's wrong guesses cannot lock the owner out from elsewhere.
    loginLimits.perAccount.check(`${email}|${ctx.ip}`, what);
    const user = await ctx.em.findOne(User, { email });
    // Verify against a dummy hash when the account does not exist, so timing does not reveal it.
    const valid = await argonVerify(user?.passwordHash ?? dummyHash, password).catch(() => false);
    if (!user || !user.passwordHash || !valid) {
      loginLimits.perAddress.consume(ctx.ip, what);
      loginLimits.perAccount.consume(`${email}|${ctx.ip}`, what);
      throw AppError.field('email', 'INVALID_CREDENTIALS', invalidCredentials);
    }
    user.role = roleFor(ctx.config, email);
    const signedIn = signIn(ctx, user);
    await ctx.em.flush();
    return signedIn;
  },

  /** Signs in, or registers, by a verified Google ID token's subject. */
  async loginWithGoogle(ctx: RequestContext, credential: unknown): Promise<SignedIn> {
    const identity = await verifyGoogleCredential(ctx.config, credential);
    let user =
      (await ctx.em.findOne(User, { googleSubject: identity.subject })) ??
      (await ctx.em.findOne(User, { email: identity.email }));
    if (user) {
      // Google has verified the address: linking it to the account with that e-mail is safe.
      user.googleSubject ??= identity.subject;
    } else {
      user = ctx.em.create(User, {
        first: identity.first || identity.email.split('@')[0],
        last: identity.last,
        email: identity.email,
        googleSubject: identity.subject,
        role: roleFor(ctx.config, identity.email),
      });
    }
    user.role = roleFor(ctx.config, user.email);
    const signedIn = signIn(ctx, user);
    await ctx.em.flush();
    return signedIn;
  },

  async logout(ctx: RequestContext): Promise<void> {
    if (ctx.viewer) await revokeSession(ctx, ctx.viewer.sessionId);
    else ctx.http.clearSessionCookie();
  },

  /** The same answer whether or not the address has an account. */
  async requestPasswordReset(ctx: RequestContext, rawEmail: unknown): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!email) throw AppError.field('email', 'REQUIRED', 'Please enter your email address');
    if (!isValidEmail(email)) throw AppError.field('email', 'INVALID_EMAIL', 'Please enter a valid email address');
    const user = await ctx.em.findOne(User, { email });
    if (!user) return;
    try {
      resetLimiter.consume(email, 'reset requests');
    } catch {
      return;
    }
    const token = randomToken();
    ctx.em.create(PasswordReset, { tokenHash: sha256(token), user, expiresAt: new Date(Date.now() + resetLifetimeMs) });
    await ctx.em.flush();
    const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
    await ctx.mailer
      .send({
        to: email,
        subject: 'Reset your Manukato password',
        text: `Someone asked to reset the password of your Manukato account.\n\nSet a new password here (the link works once, for 30 minutes):\n${link}\n\nIf it was not you, ignore this e-mail.`,
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'could not send the reset e-mail'));
  },

  /** Sets a new password from a reset link (once), ends every other session and signs in. */
  async resetPassword(ctx: RequestContext, input: { token?: unknown; password?: unknown }): Promise<SignedIn> {
    const password = requirePassword(input.password);
    const reset =
      typeof input.token === 'string' && input.token.length > 20
        ? await ctx.em.findOne(PasswordReset, { tokenHash: sha256(input.token) }, { populate: ['user'] })
        : null;
    if (!reset || reset.usedAt || reset.expiresAt <= new Date()) {
      throw AppError.field('token', 'INVALID_TOKEN', 'This reset link is invalid or has expired.');
    }
    reset.usedAt = new Date();
    reset.user.passwordHash = await hashPassword(password);
    await revokeUserSessions(ctx, reset.user.id);
    const signedIn = signIn(ctx, reset.user);
    await ctx.em.flush();
    return signedIn;
  },
};

const dummyHash = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2Hk0mV6l7u3Dyo6JmLZzj8E1yZ2oW2bFJ7m1o9g1m7A';

/** ADMIN_PASSWORD, when set, creates the admin account (ADMIN_EMAIL) at start or updates its password. */
export async function ensureAdminAccount(orm: MikroORM, config: AppConfig, log: Logger): Promise<void> {
  if (!config.adminPassword) return;
  const em = orm.em.fork();
  const existing = await em.findOne(User, { email: config.adminEmail });
  if (existing) {
    existing.role = UserRole.ADMIN;
    const matches = existing.passwordHash
      ? await argonVerify(existing.passwordHash, config.adminPassword).catch(() => false)
      : false;
    if (!matches) existing.passwordHash = await hashPassword(config.adminPassword);
  } else {
    em.create(User, {
      first: 'Shop',
      last: 'Admin',
      email: config.adminEmail,
      passwordHash: await hashPassword(config.adminPassword),
      role: UserRole.ADMIN,
    });
    log.info({ email: config.adminEmail }, 'created the admin account');
  }
  await em.flush();
}
