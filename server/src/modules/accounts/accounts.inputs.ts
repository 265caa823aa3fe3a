import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '../../core/payload';
import { Viewer } from './viewer';

@InputType('RegisterInput')
export class RegisterInput {
  @Field(() => String)
  first!: string;

  @Field(() => String)
  last!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;

  @Field(() => String, { description: 'The verified code challenge (requestSignupCode’s hash).' })
  hash!: string;
}

@ObjectType('AuthPayload')
export class AuthPayload extends MutationPayload {
  @Field(() => Viewer, { nullable: true })
  viewer!: Viewer | null;

  @Field(() => String, { nullable: true, description: 'The session token, for API clients (browsers use the cookie).' })
  token!: string | null;
}

@ObjectType('CodeChallenge')
export class CodeChallengePayload extends MutationPayload {
  @Field(() => String, { nullable: true, description: "The spec's hash: sent back with the code." })
  hash!: string | null;
}

@ObjectType('ActionResult')
export class ActionResult extends MutationPayload {
  @Field(() => Boolean)
  ok!: boolean;

  @Field(() => String)
  message!: string;
}

@ObjectType('PhoneCodeChallenge')
export class PhoneCodeChallengePayload extends MutationPayload {
  @Field(() => String, { nullable: true, description: 'Sent back with the code and, for a new number, the name.' })
  hash!: string | null;

  @Field(() => Int, { nullable: true, description: 'Seconds before another code may be sent to this number.' })
  resendSeconds!: number | null;
}

@ObjectType('PhoneVerification')
export class PhoneVerificationPayload extends AuthPayload {
  @Field(() => Boolean, {
    description: 'True when the code was right and the number has no account yet: registerWithPhone asks for a name.',
  })
  newAccount!: boolean;
}

@InputType('PhoneRegisterInput')
export class PhoneRegisterInput {
  @Field(() => String)
  phone!: string;

  @Field(() => String, { description: 'The verified code challenge (requestPhoneCode’s hash).' })
  hash!: string;

  @Field(() => String)
  first!: string;

  @Field(() => String)
  last!: string;
}
