import { invalidRequest } from './errors.ts';
import type { Metadata, StripeAddress } from './objects/types.ts';

/**
 * Reading Stripe's form parameters after qs parsed the bracket notation
 * (metadata[order_id]=..., payment_method_types[0]=card, payment_method_data[card][number]=...).
 */
export type FormParams = Record<string, unknown>;

const isRecord = (value: unknown): value is FormParams =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function text(params: FormParams | undefined, name: string): string | undefined {
  const value = params?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A text parameter where an empty value means "none" (Stripe unsets fields with ''). */
export function optionalText(params: FormParams | undefined, name: string): string | null {
  const value = text(params, name);
  return value ? value : null;
}

export function nested(params: FormParams | undefined, name: string): FormParams | undefined {
  const value = params?.[name];
  return isRecord(value) ? value : undefined;
}

/** An array parameter: a[0]=x&a[1]=y, a[]=x or a single a=x. */
export function list(params: FormParams | undefined, name: string): string[] | undefined {
  const value = params?.[name];
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  return items.filter((item): item is string => typeof item === 'string');
}

export function flag(params: FormParams | undefined, name: string): boolean | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${value}`, { code: 'parameter_invalid_boolean', param: name });
}

export function integer(params: FormParams | undefined, name: string): number | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(value)) {
    throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name });
  }
  return Number(value);
}

/** Stripe's limits: 50 keys, keys up to 40 characters, values up to 500. */
export function metadata(params: FormParams | undefined, name = 'metadata'): Metadata {
  const value = nested(params, name);
  const result: Metadata = {};
  if (!value) return result;
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', { param: name });
  for (const [key, item] of entries) {
    if (typeof item !== 'string' || key.length > 40 || item.length > 500) {
      throw invalidRequest(`Invalid metadata value for key ${key}.`, { param: `${name}[${key}]` });
    }
    result[key] = item;
  }
  return result;
}

/** Stripe's update rule for metadata: given keys are set, a key set to '' is removed. */
export function mergeMetadata(current: Metadata, update: Metadata): Metadata {
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function address(params: FormParams | undefined): Partial<StripeAddress> | undefined {
  if (!params) return undefined;
  return {
    line1: optionalText(params, 'line1'),
    line2: optionalText(params, 'line2'),
    city: optionalText(params, 'city'),
    postal_code: optionalText(params, 'postal_code'),
    state: optionalText(params, 'state'),
    country: optionalText(params, 'country'),
  };
}
