import { isPreparable } from '../catalogue-statements';

describe('which catalogue statements are prepared', () => {
  it('prepares one whose values are numbers and arrays of numbers', () => {
    expect(isPreparable([])).toBe(true);
    expect(isPreparable([7, 24, 0])).toBe(true);
    expect(isPreparable([[3, 1, 2], 24, 48])).toBe(true);
    expect(isPreparable([[], 24])).toBe(true);
  });

  it('does not prepare one with a text in its WHERE: its plan depends on the text', () => {
    expect(isPreparable(['%WOMEN%', '%FOR WOMEN%', 24, 0])).toBe(false);
    expect(isPreparable([[1, '2'], 24])).toBe(false);
    expect(isPreparable([null])).toBe(false);
  });

  it('passes over the texts the select list only ranks by', () => {
    expect(isPreparable(['oud', 'oud', [3, 1], 24, 0], 2)).toBe(true);
    expect(isPreparable(['oud', 'oud', [3, 1], 24, 0], 1)).toBe(false);
    expect(isPreparable(['oud', 'oud', [3, 1], 24, 0])).toBe(false);
  });
});
