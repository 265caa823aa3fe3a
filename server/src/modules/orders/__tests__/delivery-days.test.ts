import { deliveryDays } from '../delivery.service';

describe('deliveryDays', () => {
  it.each([
    ['1-3 business days', { min: 1, max: 3 }],
    ['3 – 5 business days', { min: 3, max: 5 }],
    ['2 to 4 days', { min: 2, max: 4 }],
    ['Within 1 day', { min: 1, max: 1 }],
    ['Same day', null],
  ])('reads %j as %j', (text, days) => {
    expect(deliveryDays(text)).toEqual(days);
  });
});
