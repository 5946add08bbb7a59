/**
 * CSV files people open in a spreadsheet (RFC 4180, CRLF line ends). Written here rather than with
 * csv-stringify: the escaping is a few lines, and the formula defusing a spreadsheet download
 * needs (OWASP "CSV injection") is not something csv-stringify does.
 */

/** The byte order mark that makes Excel read a CSV file as UTF-8 (names with ñ, emoji). */
export const UTF8_BOM = '\uFEFF';

export type CsvValue = string | number | null;

/** A plain decimal number (an amount like -12.50): data, not a formula, even with its minus. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet runs as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: text a spreadsheet would run as a formula gets a leading apostrophe (shown as text),
 * and a field holding a quote, comma or line break is quoted with its quotes doubled.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) && !DECIMAL.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the byte order mark, the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
