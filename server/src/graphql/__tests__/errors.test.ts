import { GraphQLError } from 'graphql';
import pino from 'pino';
import { AppError, FieldError } from '../../core/errors';
import { formatGraphQLError } from '../errors';

const format = formatGraphQLError(pino({ level: 'silent' }));

function asResolverError(original: Error): GraphQLError {
  return new GraphQLError(original.message, { path: ['products'], originalError: original });
}

describe('formatGraphQLError', () => {
  it('hides an unexpected error behind INTERNAL, without its message or stack', () => {
    const leaked = new Error('relation "products" does not exist at character 15');
    const formatted = format(
      { message: leaked.message, extensions: { stacktrace: ['at x'] } },
      asResolverError(leaked),
    );
    expect(formatted).toEqual({
      message: 'Internal server error',
      path: undefined,
      locations: undefined,
      extensions: { code: 'INTERNAL' },
    });
    expect(JSON.stringify(formatted)).not.toContain('relation');
  });

  it('keeps an AppError code and its field messages', () => {
    const error = AppError.badInput([FieldError.of('rating', 'REQUIRED', 'Please provide a rating.')]);
    const formatted = format({ message: error.message, path: ['createReview'] }, asResolverError(error));
    expect(formatted.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'rating', code: 'REQUIRED', message: 'Please provide a rating.' }],
    });
    expect(formatted.message).toBe('Please provide a rating.');
  });

  it('passes GraphQL validation errors through without a stack trace', () => {
    const error = new GraphQLError('Cannot query field "nope" on type "Query".', {
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const formatted = format(
      { message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', stacktrace: ['at y'] } },
      error,
    );
    expect(formatted.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
  });
});
