/** A numeric query-string parameter; undefined when absent, NaN when not a number (pageOf refuses it). */
export function queryNumber(value: unknown): number | undefined {
  return typeof value === 'string' && value !== '' ? Number(value) : undefined;
}
