import { AppError } from '../core/errors';

export function cents(amount: number): number {
  if (!Number.isInteger(amount)) throw new AppError('not cents');
  return amount;
}
