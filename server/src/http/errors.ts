import { Field, ObjectType } from 'type-graphql';

/** The codes the API answers with, in GraphQL's extensions.code and the REST envelope alike. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL';

export const httpStatusByCode: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
};

/** An expected failure tied to one input field; GraphQL payloads carry a list of these. */
@ObjectType('FieldError')
export class FieldError {
  @Field(() => String)
  field!: string;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  message!: string;

  static of(field: string, code: string, message: string): FieldError {
    return Object.assign(new FieldError(), { field, code, message });
  }
}

/** A failure the caller caused or may see; its message is safe to show. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return httpStatusByCode[this.code];
  }

  static badInput(fieldErrors: FieldError[]): AppError {
    return new AppError('BAD_USER_INPUT', fieldErrors[0]?.message ?? 'Invalid input', fieldErrors);
  }

  /** Bad input in one field: the usual expected failure. */
  static field(field: string, code: string, message: string): AppError {
    return AppError.badInput([FieldError.of(field, code, message)]);
  }

  static notFound(message: string): AppError {
    return new AppError('NOT_FOUND', message);
  }
}
