/**
 * The one row of a statement that always returns exactly one (an aggregate, an upsert's `returning`). None
 * would be a bug in the statement, so it throws rather than let `undefined` travel on.
 */
export function singleRow<Row>(rows: readonly Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row where it always returns one');
  return row;
}
