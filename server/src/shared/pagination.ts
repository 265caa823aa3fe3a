import { AppError, FieldError } from '../http/errors';

export interface Page {
  limit: number;
  offset: number;
}

export const maxPageSize = 100;

/** Validates a requested page; lists never return more than `maxPageSize` rows. */
export function pageOf(limit: number | undefined | null, offset: number | undefined | null, defaultLimit = 60): Page {
  const errors: FieldError[] = [];
  const resolvedLimit = limit ?? defaultLimit;
  const resolvedOffset = offset ?? 0;
  if (!Number.isInteger(resolvedLimit) || resolvedLimit < 1 || resolvedLimit > maxPageSize) {
    errors.push(FieldError.of('limit', 'OUT_OF_RANGE', `limit must be between 1 and ${maxPageSize}`));
  }
  if (!Number.isInteger(resolvedOffset) || resolvedOffset < 0) {
    errors.push(FieldError.of('offset', 'OUT_OF_RANGE', 'offset must be 0 or more'));
  }
  if (errors.length > 0) throw AppError.badInput(errors);
  return { limit: resolvedLimit, offset: resolvedOffset };
}
