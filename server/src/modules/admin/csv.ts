/** Characters a spreadsheet reads as the start of a formula (OWASP's list, with tab and carriage return). */
const formulaStart = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/**
 * One cell, RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled. Text starting like
 * a formula gets a leading apostrophe so a spreadsheet shows it instead of running it (CSV injection).
 * Numbers are written as they are: the caller formats money.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: a header row, then one line per record, CRLF line ends (RFC 4180). */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
