/** A CSV cell's value: text, a number, a yes/no, or nothing (an empty cell). */
export type CsvValue = string | number | boolean | null;

/**
 * A CSV cell, always quoted, with text that a spreadsheet would run as a formula made inert (OWASP CSV
 * injection). Every cell is quoted because spreadsheets in German, French, Spanish, Italian and Portuguese
 * split on `;`: an unquoted `Ann;=1+1;` became a cell of its own holding a live formula.
 */
function csvCell(value: CsvValue): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A header row and its rows as RFC 4180 CSV (CRLF line ends, a final one too). */
export function toCsv(header: string[], rows: Array<Array<CsvValue>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
