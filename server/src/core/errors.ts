import { Field, ObjectType, registerEnumType } from 'type-graphql';

/** The codes the API answers with, in GraphQL's extensions.code and the REST envelope alike. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'TOO_MANY_REQUESTS'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

export const httpStatusByCode: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // Well-formed, but at odds with what the request's idempotency key already stands for (decision 0068).
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // Nothing was done and the same request may be sent again: answered with Retry-After (decision 0067).
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * Why a field was refused: the `code` of every FieldError, a GraphQL enum (`FieldErrorCode`) so clients get the
 * list in their generated types instead of comparing free strings.
 */
export const FieldErrorCode = {
  ALREADY_PAID: 'ALREADY_PAID',
  CATEGORY_EXISTS: 'CATEGORY_EXISTS',
  CATEGORY_IN_USE: 'CATEGORY_IN_USE',
  CODE_EXPIRED: 'CODE_EXPIRED',
  CODE_LOCKED: 'CODE_LOCKED',
  CODE_TAKEN: 'CODE_TAKEN',
  DISCOUNT_ALREADY_USED: 'DISCOUNT_ALREADY_USED',
  DISCOUNT_EXPIRED: 'DISCOUNT_EXPIRED',
  DISCOUNT_FIRST_ORDER_ONLY: 'DISCOUNT_FIRST_ORDER_ONLY',
  DISCOUNT_MINIMUM_NOT_MET: 'DISCOUNT_MINIMUM_NOT_MET',
  DISCOUNT_NOT_APPLICABLE: 'DISCOUNT_NOT_APPLICABLE',
  DISCOUNT_NOT_YET_VALID: 'DISCOUNT_NOT_YET_VALID',
  DISCOUNT_OTHER_ACCOUNT: 'DISCOUNT_OTHER_ACCOUNT',
  DISCOUNT_UNKNOWN: 'DISCOUNT_UNKNOWN',
  DISCOUNT_USED_UP: 'DISCOUNT_USED_UP',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  EMPTY_CART: 'EMPTY_CART',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  GOOGLE_PROFILE_INCOMPLETE: 'GOOGLE_PROFILE_INCOMPLETE',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IMAGE_PROCESSING_FAILED: 'IMAGE_PROCESSING_FAILED',
  INVALID: 'INVALID',
  INVALID_CODE: 'INVALID_CODE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_INPUT: 'INVALID_INPUT',
  INVALID_NAME: 'INVALID_NAME',
  INVALID_PAYMENT_METHOD: 'INVALID_PAYMENT_METHOD',
  INVALID_PHONE: 'INVALID_PHONE',
  INVALID_PRICE: 'INVALID_PRICE',
  INVALID_QUANTITY: 'INVALID_QUANTITY',
  INVALID_SALE_PRICE: 'INVALID_SALE_PRICE',
  INVALID_STATUS: 'INVALID_STATUS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  IN_STOCK: 'IN_STOCK',
  NOT_AN_IMAGE: 'NOT_AN_IMAGE',
  NOT_FOUND: 'NOT_FOUND',
  NOT_PAYABLE: 'NOT_PAYABLE',
  NOT_REFUNDABLE: 'NOT_REFUNDABLE',
  OUT_OF_RANGE: 'OUT_OF_RANGE',
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  OWNER_ROLE: 'OWNER_ROLE',
  PAYMENT_PENDING: 'PAYMENT_PENDING',
  PAY_ON_DELIVERY_LIMIT: 'PAY_ON_DELIVERY_LIMIT',
  PAY_ON_DELIVERY_UNAVAILABLE: 'PAY_ON_DELIVERY_UNAVAILABLE',
  PRODUCT_UNAVAILABLE: 'PRODUCT_UNAVAILABLE',
  RATE_LIMITED: 'RATE_LIMITED',
  REFUND_FAILED: 'REFUND_FAILED',
  REFUND_TOO_LARGE: 'REFUND_TOO_LARGE',
  REQUEST_TOO_LARGE: 'REQUEST_TOO_LARGE',
  REQUIRED: 'REQUIRED',
  SALE_PRICE_TOO_HIGH: 'SALE_PRICE_TOO_HIGH',
  SKU_TAKEN: 'SKU_TAKEN',
  TOO_LONG: 'TOO_LONG',
  TOO_MANY_ADDRESSES: 'TOO_MANY_ADDRESSES',
  TOO_MANY_IMAGES: 'TOO_MANY_IMAGES',
  TOO_SHORT: 'TOO_SHORT',
  UNKNOWN_CATEGORY: 'UNKNOWN_CATEGORY',
  VERIFICATION_REQUIRED: 'VERIFICATION_REQUIRED',
} as const;
export type FieldErrorCode = (typeof FieldErrorCode)[keyof typeof FieldErrorCode];
registerEnumType(FieldErrorCode, { name: 'FieldErrorCode', description: 'Why a field was refused.' });

/** An expected failure tied to one input field; GraphQL payloads carry a list of these. */
@ObjectType('FieldError')
export class FieldError {
  @Field(() => String)
  field!: string;

  @Field(() => FieldErrorCode)
  code!: FieldErrorCode;

  @Field(() => String)
  message!: string;

  static of(field: string, code: FieldErrorCode, message: string): FieldError {
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
  static field(field: string, code: FieldErrorCode, message: string): AppError {
    return AppError.badInput([FieldError.of(field, code, message)]);
  }

  static notFound(message: string): AppError {
    return new AppError('NOT_FOUND', message);
  }
}
