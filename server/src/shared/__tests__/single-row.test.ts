import { singleRow } from '../single-row';

describe('the single row of a statement', () => {
  it('is the first row', () => {
    expect(singleRow([{ count: 3 }])).toEqual({ count: 3 });
  });

  it('is an error, not undefined, when the statement returned none', () => {
    expect(() => singleRow<{ count: number }>([])).toThrow('The statement returned no row where it always returns one');
  });
});
