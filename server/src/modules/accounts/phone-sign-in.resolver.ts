import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import {
  AuthPayload,
  PhoneCodeChallengePayload,
  PhoneRegisterInput,
  PhoneVerificationPayload,
} from './accounts.inputs';
import { phoneSignInService } from './phone-sign-in.service';
import { authPayload } from './payloads';

@Resolver()
export class PhoneSignInResolver {
  @Mutation(() => PhoneCodeChallengePayload, {
    description: 'Texts a 6-digit sign-in code to a Kenyan mobile number; a resend replaces the last one.',
  })
  async requestPhoneCode(
    @Ctx() ctx: RequestContext,
    @Arg('phone', () => String) phone: string,
  ): Promise<PhoneCodeChallengePayload> {
    const { value, errors } = await withExpectedFailures(() => phoneSignInService.requestCode(ctx, phone));
    return { hash: value?.hash ?? null, resendSeconds: value?.resendSeconds ?? null, errors };
  }

  @Mutation(() => PhoneVerificationPayload, {
    description: "Checks a texted code: signs in the number's account, or says the number is new (newAccount).",
  })
  async verifyPhoneCode(
    @Ctx() ctx: RequestContext,
    @Arg('phone', () => String) phone: string,
    @Arg('otp', () => String) otp: string,
    @Arg('hash', () => String) hash: string,
  ): Promise<PhoneVerificationPayload> {
    const { value, errors } = await withExpectedFailures(() =>
      phoneSignInService.verifyCode(ctx, { phone, otp, hash }),
    );
    const signedIn = value?.signedIn ?? null;
    return {
      viewer: signedIn?.viewer ?? null,
      token: signedIn?.token ?? null,
      newAccount: value?.newAccount ?? false,
      errors,
    };
  }

  @Mutation(() => AuthPayload, { description: 'Creates the account of a verified new number with a name, signed in.' })
  async registerWithPhone(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => PhoneRegisterInput) input: PhoneRegisterInput,
  ): Promise<AuthPayload> {
    return authPayload(() => phoneSignInService.register(ctx, input));
  }
}
