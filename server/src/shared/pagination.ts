import { AppError, FieldError } from '../core/errors';

export interface Page {
  limit: number;
  offset: number;
}

export const maxPageSize = 100;
/** The rows a list gives when no limit is asked. */
export const defaultPageSize = 60;
/**
 * The furthest a list can be paged: far beyond any list the shop has, and well inside PostgreSQL's int (an
 * offset past 2^31 made the statement itself fail).
 */
export const maxOffset = 1_000_000;

/** Validates a requested page; lists never return more than `maxPageSize` rows. */
export function pageOf(
  limit: number | undefined | null,
  offset: number | undefined | null,
  defaultLimit = defaultPageSize,
): Page {
  const errors: FieldError[] = [];
  const resolvedLimit = limit ?? defaultLimit;
  const resolvedOffset = offset ?? 0;
  if (!Number.isInteger(resolvedLimit) || resolvedLimit < 1 || resolvedLimit > maxPageSize) {
    errors.push(FieldError.of('limit', 'OUT_OF_RANGE', `limit must be between 1 and ${maxPageSize}`));
  }
  if (!Number.isInteger(resolvedOffset) || resolvedOffset < 0 || resolvedOffset > maxOffset) {
    errors.push(FieldError.of('offset', 'OUT_OF_RANGE', `offset must be between 0 and ${maxOffset}`));
  }
  if (errors.length > 0) throw AppError.badInput(errors);
  return { limit: resolvedLimit, offset: resolvedOffset };
}
