/** What a client sent for a text field, trimmed; '' for anything that is not a string. */
export function trimmedText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
