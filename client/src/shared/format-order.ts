/** SPEC §2/§3: order and transaction ids are shown as their first 8 characters. */
export function shortId(id: string | number): string {
  return String(id).slice(0, 8);
}
