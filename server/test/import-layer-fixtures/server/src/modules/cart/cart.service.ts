import { AppError } from '../../core/errors';
import { cents } from '../../shared/money';

export function cartTotal(prices: number[]): number {
  if (prices.length === 0) throw new AppError('empty cart');
  return prices.reduce((sum, price) => sum + cents(price), 0);
}
