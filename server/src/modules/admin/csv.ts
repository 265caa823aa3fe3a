/** Characters a spreadsheet reads as the start of a formula (OWASP's list, with tab and carriage return). */
const formulaStart = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/**
 * Quoted in a cell: RFC 4180's comma, quote and line breaks, and the separators spreadsheets also split on (Excel
 * in locales whose decimal mark is a comma reads `;`; tab-separated readers a tab). Unquoted, `a;=cmd()` would be
 * two cells there, the second a formula the leading apostrophe never saw.
 */
const needsQuotes = /[",;\t\r\n]/;

/**
 * One cell, RFC 4180: quoted when it holds a separator, quote or line break, quotes doubled. Text starting like
 * a formula gets a leading apostrophe so a spreadsheet shows it instead of running it (CSV injection).
 * Numbers are written as they are: the caller formats money.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: a header row, then one line per record, CRLF line ends (RFC 4180). */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
