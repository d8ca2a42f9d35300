import type { ParseArgsConfig } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { BRAND_IDS, BRANDS, type BrandConfig } from '@pet/contract';

// The operator command's options, the readers its commands take them with, and its table/CSV output.

/** Where a command writes: its results to `out`, notes and errors to `err`. */
export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A mistake in the command line: the command answers exit code 2 with the message. */
export class UsageError extends Error {}

/** Every option any command takes (node:util parseArgs, strict). */
export const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  brand: { type: 'string' },
  key: { type: 'string' },
  name: { type: 'string' },
  sequence: { type: 'string' },
  monthly: { type: 'string' },
  yearly: { type: 'string' },
  pets: { type: 'string' },
  documents: { type: 'string' },
  gps: { type: 'boolean' },
  medical: { type: 'boolean' },
  appointments: { type: 'boolean' },
  duration: { type: 'string' },
  note: { type: 'string' },
  default: { type: 'boolean' },
  'monthly-price-id': { type: 'string' },
  'yearly-price-id': { type: 'string' },
  'stripe-id': { type: 'string' },
  type: { type: 'string' },
  product: { type: 'string' },
  count: { type: 'string' },
  trackers: { type: 'string' },
  'max-redemptions': { type: 'string' },
  expires: { type: 'string' },
  gift: { type: 'boolean' },
  promo: { type: 'boolean' },
  'trial-months': { type: 'string' },
  out: { type: 'string' },
  batch: { type: 'string' },
  search: { type: 'string' },
  csv: { type: 'boolean' },
  email: { type: 'string' },
  reason: { type: 'string' },
  until: { type: 'string' },
  'continue-url': { type: 'string' },
  code: { type: 'string' },
  'percent-off': { type: 'string' },
  'amount-off': { type: 'string' },
  amount: { type: 'string' },
  products: { type: 'string' },
  interval: { type: 'string' },
  for: { type: 'string' },
  'valid-from': { type: 'string' },
  'valid-until': { type: 'string' },
  'duration-months': { type: 'string' },
} satisfies ParseArgsConfig['options'];

export type Values = Record<string, string | boolean | undefined>;

export type Command = (app: FastifyInstance, values: Values, io: AdminIo) => Promise<void>;

export function brandOption(values: Values, required = true): BrandConfig | null {
  const id = values.brand;
  if (id === undefined) {
    if (required) throw new UsageError(`--brand is required (one of ${BRAND_IDS.join(', ')})`);
    return null;
  }
  const brand = Object.values(BRANDS).find((b) => b.id === id || b.partnerId === id);
  if (!brand) throw new UsageError(`unknown brand "${String(id)}" (one of ${BRAND_IDS.join(', ')})`);
  return brand;
}

export function text(values: Values, name: string, required = false): string | undefined {
  const value = values[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (required) throw new UsageError(`--${name} is required`);
  return undefined;
}

export function integer(
  values: Values,
  name: string,
  options: { min?: number; max?: number; required?: boolean } = {},
) {
  const raw = text(values, name, options.required);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (
    !Number.isInteger(value) ||
    (options.min !== undefined && value < options.min) ||
    (options.max !== undefined && value > options.max)
  ) {
    throw new UsageError(
      `--${name} must be a whole number${options.min !== undefined ? ` >= ${options.min}` : ''}${options.max !== undefined ? ` <= ${options.max}` : ''}`,
    );
  }
  return value;
}

export function euroCents(values: Values, name: string): number {
  const raw = text(values, name);
  if (raw === undefined) return 0;
  const value = Number(raw.replace(',', '.'));
  if (!Number.isFinite(value) || value < 0)
    throw new UsageError(`--${name} must be an amount in euro, e.g. 4.99`);
  return Math.round(value * 100);
}

export function startOfDay(values: Values, name: string): Date | null {
  const raw = text(values, name);
  if (raw === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new UsageError(`--${name} must be a date YYYY-MM-DD`);
  const date = new Date(`${raw}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${name} is not a valid date`);
  return date;
}

export function endOfDay(values: Values, name: string): Date | null {
  const raw = text(values, name);
  if (raw === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new UsageError(`--${name} must be a date YYYY-MM-DD`);
  const date = new Date(`${raw}T23:59:59.999Z`);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${name} is not a valid date`);
  return date;
}

const csvCell = (value: unknown) => {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const csvLine = (cells: unknown[]) => cells.map(csvCell).join(',');

export function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}
