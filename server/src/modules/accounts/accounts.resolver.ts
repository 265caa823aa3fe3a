import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import { ActionResult, AuthPayload, CodeChallengePayload, RegisterInput } from './accounts.inputs';
import { accountsService, resetRequestedMessage } from './accounts.service';
import { actionResult, authPayload } from './payloads';
import { Viewer } from './viewer';

@Resolver()
export class AccountsResolver {
  @Query(() => Viewer, { nullable: true, description: 'Who is signed in; null for a guest.' })
  me(@Ctx() ctx: RequestContext): Viewer | null {
    return ctx.viewer;
  }

  @Mutation(() => CodeChallengePayload, {
    description:
      'E-mails a 6-digit sign-up code; a resend replaces the last one. An address that has an account gets the same answer, and its owner an e-mail saying to sign in instead.',
  })
  async requestSignupCode(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String) email: string,
  ): Promise<CodeChallengePayload> {
    const { value, errors } = await withExpectedFailures(() => accountsService.requestSignupCode(ctx, email));
    return { hash: value?.hash ?? null, errors };
  }

  @Mutation(() => ActionResult)
  async verifySignupCode(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String) email: string,
    @Arg('otp', () => String) otp: string,
    @Arg('hash', () => String) hash: string,
  ): Promise<ActionResult> {
    return actionResult(() => accountsService.verifySignupCode(ctx, { email, otp, hash }), 'Email verified.');
  }

  @Mutation(() => AuthPayload)
  async register(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => RegisterInput) input: RegisterInput,
  ): Promise<AuthPayload> {
    return authPayload(() => accountsService.register(ctx, input));
  }

  @Mutation(() => AuthPayload)
  async login(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
  ): Promise<AuthPayload> {
    return authPayload(() => accountsService.login(ctx, { email, password }));
  }

  @Mutation(() => AuthPayload, { description: 'Signs in or registers with a Google Identity Services ID token.' })
  async loginWithGoogle(
    @Ctx() ctx: RequestContext,
    @Arg('credential', () => String) credential: string,
  ): Promise<AuthPayload> {
    return authPayload(() => accountsService.loginWithGoogle(ctx, credential));
  }

  @Mutation(() => ActionResult, { description: 'Ends this session on the server.' })
  async logout(@Ctx() ctx: RequestContext): Promise<ActionResult> {
    return actionResult(() => accountsService.logout(ctx), 'Signed out.');
  }

  @Mutation(() => ActionResult)
  async requestPasswordReset(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String) email: string,
  ): Promise<ActionResult> {
    return actionResult(() => accountsService.requestPasswordReset(ctx, email), resetRequestedMessage);
  }

  @Mutation(() => AuthPayload)
  async resetPassword(
    @Ctx() ctx: RequestContext,
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
  ): Promise<AuthPayload> {
    return authPayload(() => accountsService.resetPassword(ctx, { token, password }));
  }
}
