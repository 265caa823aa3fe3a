import { Field, ObjectType } from 'type-graphql';
import { AppError, FieldError } from './errors';

/**
 * What every mutation payload carries: the failures a user must see (see withExpectedFailures), empty when
 * it went through. Only a base class: no field returns it, so the schema has no type of this name.
 */
@ObjectType('MutationPayload')
export abstract class MutationPayload {
  @Field(() => [FieldError])
  errors!: FieldError[];
}

/**
 * Runs a mutation's work and turns the failures a user must see (bad input, a rate limit, an idempotency key
 * reused for other input) into data: GraphQL payloads carry them as `errors { field code message }`. Anything
 * else stays an error. With
 * `notFoundField`, an unknown id is such a failure too, on that field (an admin's list may be stale).
 */
export async function withExpectedFailures<T>(
  work: () => Promise<T>,
  { notFoundField }: { notFoundField?: string } = {},
): Promise<{ value: T | null; errors: FieldError[] }> {
  try {
    return { value: await work(), errors: [] };
  } catch (error) {
    if (notFoundField !== undefined && error instanceof AppError && error.code === 'NOT_FOUND') {
      return { value: null, errors: [FieldError.of(notFoundField, 'NOT_FOUND', error.message)] };
    }
    if (error instanceof AppError && (error.code === 'BAD_USER_INPUT' || error.code === 'UNPROCESSABLE')) {
      return {
        value: null,
        errors: error.fieldErrors.length > 0 ? error.fieldErrors : [FieldError.of('', 'INVALID', error.message)],
      };
    }
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
      return { value: null, errors: [FieldError.of('', 'RATE_LIMITED', error.message)] };
    }
    throw error;
  }
}
