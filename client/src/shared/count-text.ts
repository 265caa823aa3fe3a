/** '1 product', '3 products': a count with its noun, singular only for exactly one. */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
