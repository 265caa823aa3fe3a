import { UniqueConstraintViolationException, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../core/errors';
import { renderAlreadyRegisteredEmail } from '../notifications/emails/already-registered-email';
import { renderPasswordResetEmail } from '../notifications/emails/password-reset-email';
import { renderSignupCodeEmail } from '../notifications/emails/signup-code-email';
import type { RequestContext } from '../../core/request-context';
import { isValidEmail, normaliseEmail } from '../../config/email-address';
import { RateLimit } from '../../shared/rate-limiter';
import { randomToken, sha256 } from '../../shared/secrets';
import { trimmedText } from '../../shared/trimmed-text';
import { codeLifetimeSeconds, consumeProof, createCodeChallenge, hasProof, verifyCode } from './challenge-codes';
import { verifyGoogleCredential } from './google';
import { PasswordReset } from './password-reset.entity';
import { revokeSession, revokeUserSessions, startSession } from './sessions';
import { User, UserRole } from './user.entity';
import { toViewer, type Viewer } from './viewer';
import { joinTeamIfInvited } from '../staff/team-invitations';

const resetLifetimeMs = 30 * 60_000;
export const resetRequestedMessage = 'Password reset instructions have been sent to your email.';
const invalidCredentials = 'Invalid email or password.';

export const fifteenMinutes = 15 * 60_000;
/**
 * Kept in PostgreSQL and counted before the work (decision 0025). Keys use the client IP as Express
 * computes it (`req.ip`, so the proxy setting applies) and the normalised e-mail address.
 */
export const accountLimits = {
  /** Failed sign-ins per client IP (a success gives its try back). */
  loginPerIp: new RateLimit('login-ip', 30, fifteenMinutes, 'sign-in attempts'),
  /** Failed sign-ins per account and client IP: a stranger's guesses elsewhere cannot lock the owner out. */
  loginPerAccount: new RateLimit('login-account', 10, fifteenMinutes, 'sign-in attempts'),
  /** Sign-up codes and reset links e-mailed at one client's request, whatever the addresses (MAIL_REQUESTS_PER_IP). */
  mailPerIp: new RateLimit('mail-ip', 10, fifteenMinutes, 'e-mails requested from this address'),
  codesPerEmail: new RateLimit('code-email', 5, fifteenMinutes, 'codes requested for this address'),
  resetsPerEmail: new RateLimit('reset-email', 3, fifteenMinutes, 'reset requests for this address'),
};

export interface SignedIn {
  viewer: Viewer;
  token: string;
}

const invalidEmail = () => AppError.field('email', 'INVALID_EMAIL', 'Please enter a valid email address');

function requireEmail(value: unknown): string {
  const email = normaliseEmail(value);
  if (!email) throw AppError.field('email', 'REQUIRED', 'Please fill in all fields');
  if (!isValidEmail(email)) throw invalidEmail();
  return email;
}

/** A new account's first and last name, trimmed: both are required. */
export function requireNames(input: { first?: unknown; last?: unknown }): { first: string; last: string } {
  const first = trimmedText(input.first);
  const last = trimmedText(input.last);
  if (!first || !last) throw AppError.field(!first ? 'first' : 'last', 'REQUIRED', 'Please fill in all fields');
  return { first, last };
}

function requirePassword(value: unknown): string {
  const password = typeof value === 'string' ? value : '';
  if (!password) throw AppError.field('password', 'REQUIRED', 'Please fill in all fields');
  if (password.length < 6) throw AppError.field('password', 'TOO_SHORT', 'Password must be at least 6 characters');
  if (password.length > 200) throw AppError.field('password', 'TOO_LONG', 'Password must be at most 200 characters');
  return password;
}

export function roleFor(config: AppConfig, email: string | null): UserRole {
  return email === config.adminEmail ? UserRole.ADMIN : UserRole.USER;
}

/**
 * The role an account signs in with: the owner's for ADMIN_EMAIL; an account that was the owner under another
 * ADMIN_EMAIL is a shopper again; a team member keeps the role the owner gave (decision 0102).
 */
export function signInRole(config: AppConfig, user: Pick<User, 'email' | 'role'>): UserRole {
  if (user.email !== null && user.email === config.adminEmail) return UserRole.ADMIN;
  return user.role === UserRole.ADMIN ? UserRole.USER : user.role;
}

export function signIn(ctx: RequestContext, user: User, em: EntityManager = ctx.em): SignedIn {
  const token = startSession(ctx, user, em);
  return { viewer: toViewer(user, ''), token };
}

export const hashPassword = (password: string) => argonHash(password);

const emailTaken = () => AppError.field('email', 'EMAIL_TAKEN', 'An account with this email already exists.');

async function signupCodeMail(ctx: RequestContext, email: string, code: string) {
  const rendered = await renderSignupCodeEmail({
    publicUrl: ctx.config.publicUrl,
    code,
    minutes: codeLifetimeSeconds / 60,
  });
  return { to: email, ...rendered };
}

async function alreadyRegisteredMail(ctx: RequestContext, email: string) {
  return { to: email, ...(await renderAlreadyRegisteredEmail({ publicUrl: ctx.config.publicUrl })) };
}

export const accountsService = {
  /**
   * E-mails a 6-digit code (cryptographic, 300 s, 5 tries, single use; a resend replaces it). Answers the
   * spec's hash. An address that already has an account gets the same answer, and an e-mail telling its
   * owner to sign in or reset the password instead (no code): the answer does not say who has an account.
   */
  async requestSignupCode(ctx: RequestContext, rawEmail: unknown): Promise<{ hash: string }> {
    const email = requireEmail(rawEmail);
    await accountLimits.mailPerIp.consume(ctx.em, ctx.ip, ctx.config.mailRequestsPerIp);
    await accountLimits.codesPerEmail.consume(ctx.em, email);
    const registered = (await ctx.em.count(User, { email })) > 0;
    // For a registered address no code is sent and none can match.
    const { challenge, code } = await createCodeChallenge(ctx, { email }, { deliverable: !registered });
    try {
      await ctx.mailer.send(await (registered ? alreadyRegisteredMail(ctx, email) : signupCodeMail(ctx, email, code)));
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
    await verifyCode(ctx, { email: requireEmail(input.email) }, input.hash, input.otp);
  },

  /**
   * Creates the account only with a verified code for this e-mail; any role the client sends is ignored.
   * The proof is consumed by one conditional update in the account's transaction: of parallel uses, one wins.
   */
  async register(
    ctx: RequestContext,
    input: { first?: unknown; last?: unknown; email?: unknown; password?: unknown; hash?: unknown },
  ): Promise<SignedIn> {
    const { first, last } = requireNames(input);
    const email = requireEmail(input.email);
    const password = requirePassword(input.password);
    const verificationRequired = AppError.field(
      'email',
      'VERIFICATION_REQUIRED',
      'Please verify your email with the code we sent before creating an account.',
    );
    // A cheap look first, so a request without a proof costs no password hashing.
    if (!(await hasProof(ctx.em, { email }, input.hash))) throw verificationRequired;
    const passwordHash = await hashPassword(password);
    try {
      return await ctx.em.transactional(async (em) => {
        if (!(await consumeProof(em, { email }, input.hash))) throw verificationRequired;
        if (await em.count(User, { email })) throw emailTaken();
        const user = em.create(User, { first, last, email, passwordHash, role: roleFor(ctx.config, email) });
        await joinTeamIfInvited(em, user);
        return signIn(ctx, user, em);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw emailTaken();
      throw error;
    }
  },

  /**
   * One message for a wrong e-mail or a wrong password. Every try is counted before the password is checked
   * (per client IP, and per account and IP); a success gives its try back, so only failures use the limit.
   */
  async login(ctx: RequestContext, input: { email?: unknown; password?: unknown }): Promise<SignedIn> {
    const email = normaliseEmail(input.email);
    const password = typeof input.password === 'string' ? input.password : '';
    if (!email || !password)
      throw AppError.field(!email ? 'email' : 'password', 'REQUIRED', 'Please fill in all fields');
    // No account has an address outside the grammar (decision 0066): said before any try is counted or hashed.
    if (!isValidEmail(email)) throw invalidEmail();
    const accountKey = `${email}|${ctx.ip}`;
    await accountLimits.loginPerIp.consume(ctx.em, ctx.ip);
    await accountLimits.loginPerAccount.consume(ctx.em, accountKey);
    const user = await ctx.em.findOne(User, { email });
    // Verify against a dummy hash when the account does not exist, so timing does not reveal it.
    const valid = await argonVerify(user?.passwordHash ?? dummyHash, password).catch(() => false);
    if (!user || !user.passwordHash || !valid) throw AppError.field('email', 'INVALID_CREDENTIALS', invalidCredentials);
    await accountLimits.loginPerIp.giveBack(ctx.em, ctx.ip);
    await accountLimits.loginPerAccount.giveBack(ctx.em, accountKey);
    user.role = signInRole(ctx.config, user);
    await joinTeamIfInvited(ctx.em, user);
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
        first: identity.first || (identity.email.split('@')[0] ?? ''),
        last: identity.last,
        email: identity.email,
        googleSubject: identity.subject,
        role: roleFor(ctx.config, identity.email),
      });
    }
    user.role = signInRole(ctx.config, user);
    await joinTeamIfInvited(ctx.em, user);
    const signedIn = signIn(ctx, user);
    await ctx.em.flush();
    return signedIn;
  },

  async logout(ctx: RequestContext): Promise<void> {
    if (ctx.viewer) await revokeSession(ctx, ctx.viewer.sessionId);
    else ctx.http.clearSessionCookie();
  },

  /**
   * The same answer whether or not the address has an account; limited per client IP and per address
   * (counted for unknown addresses too, so a refusal says nothing about who has an account).
   */
  async requestPasswordReset(ctx: RequestContext, rawEmail: unknown): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!email) throw AppError.field('email', 'REQUIRED', 'Please enter your email address');
    if (!isValidEmail(email)) throw invalidEmail();
    await accountLimits.mailPerIp.consume(ctx.em, ctx.ip, ctx.config.mailRequestsPerIp);
    await accountLimits.resetsPerEmail.consume(ctx.em, email);
    const user = await ctx.em.findOne(User, { email });
    if (!user) return;
    const token = randomToken();
    ctx.em.create(PasswordReset, { tokenHash: sha256(token), user, expiresAt: new Date(Date.now() + resetLifetimeMs) });
    await ctx.em.flush();
    const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
    await renderPasswordResetEmail({ publicUrl: ctx.config.publicUrl, link, minutes: resetLifetimeMs / 60_000 })
      .then((rendered) => ctx.mailer.send({ to: email, ...rendered }))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'could not send the reset e-mail'));
  },

  /**
   * Sets a new password from a reset link and signs in. The link is consumed by one conditional update in
   * the transaction that changes the password: of parallel uses exactly one wins. Every other session of
   * the account ends, and so does every other unused link (whoever held them may be who the owner fears).
   */
  async resetPassword(ctx: RequestContext, input: { token?: unknown; password?: unknown }): Promise<SignedIn> {
    const password = requirePassword(input.password);
    const invalid = AppError.field('token', 'INVALID_TOKEN', 'This reset link is invalid or has expired.');
    const token =
      typeof input.token === 'string' && input.token.length > 20 && input.token.length <= 200 ? input.token : '';
    const live = { tokenHash: sha256(token), usedAt: null, expiresAt: { $gt: new Date() } };
    // A cheap look first, so a dead link costs no password hashing.
    if (!token || !(await ctx.em.count(PasswordReset, live))) throw invalid;
    const passwordHash = await hashPassword(password);
    return ctx.em.transactional(async (em) => {
      const [reset] = await em.execute<{ user_id: string }[]>(
        'update password_resets set used_at = now() where token_hash = ? and used_at is null and expires_at > now() returning user_id',
        [live.tokenHash],
      );
      if (!reset) throw invalid;
      const user = await em.findOneOrFail(User, { id: reset.user_id });
      user.passwordHash = passwordHash;
      await revokeUserSessions(em, user.id);
      await em.nativeUpdate(PasswordReset, { user: user.id, usedAt: null }, { usedAt: new Date() });
      return signIn(ctx, user, em);
    });
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
