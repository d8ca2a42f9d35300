import type { ExportRecord } from './account-export.repo.ts';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF; quotes doubled. */
function field(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Records as CSV (RFC 4180, CRLF line ends, a UTF-8 byte-order mark so spreadsheet programs read
 * umlauts): the header is the union of the records' columns in first-seen order; `columns` names
 * the header of a section without records.
 */
export function toCsv(records: ExportRecord[], columns: string[] = []): string {
  const header = [...columns];
  for (const record of records)
    for (const key of Object.keys(record)) if (!header.includes(key)) header.push(key);
  const lines = [header.map(field).join(',')];
  for (const record of records) lines.push(header.map((key) => field(record[key] ?? null)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
