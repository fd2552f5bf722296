/**
 * CSV that Excel opens correctly in Poland: UTF-8 with a byte-order mark (so Polish letters are read
 * as UTF-8, not the ANSI code page), `;` between cells (Polish Excel's list separator, since the
 * decimal separator is the comma), CRLF line ends, and RFC 4180 quoting. Cells starting with
 * = + - @ (or a tab or carriage return) get a leading apostrophe, so a name like `=HYPERLINK(…)`
 * is shown as text and never run as a formula (OWASP "CSV injection").
 */
const BOM = '\uFEFF';
const SEPARATOR = ';';

/**
 * An amount Excel reads as a number: a decimal comma (Polish Excel's), never neutralised (a minus
 * sign starts no formula). The accountant's exports pass money as this (issue 30).
 */
export type ExcelNumber = { readonly number: number; readonly decimals: number };
export const excelMoney = (grosze: number): ExcelNumber => ({ number: grosze / 100, decimals: 2 });
type Cell = string | number | ExcelNumber | null | undefined;

export function excelCell(value: Cell): string {
  if (typeof value === 'object' && value !== null)
    return value.number.toFixed(value.decimals).replace('.', ',');
  let cell = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[";\r\n]/.test(cell) || cell !== cell.trim() ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function excelCsv(rows: Cell[][]): string {
  return `${BOM}${rows.map((row) => row.map(excelCell).join(SEPARATOR)).join('\r\n')}\r\n`;
}
