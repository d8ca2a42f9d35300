import type { FieldErrors, Resolver } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type SignInForm } from '@pet/contract';
import { EMAIL_FORMAT_ERROR_KEY, EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@/lib/contract-answers';

/**
 * The sign-in form's checks as plain functions: the same rules and translation keys as the
 * contract's emailSchema and passwordSchema (sign-in-checks.test.ts compares them on many
 * inputs), without zod's classic schemas on the first visit to /signin (about 19 KiB brotli).
 * The identity service checks everything again; these only spare a round trip.
 */

export type FieldCheck<T> = { ok: true; value: T } | { ok: false; key: string };

/** The contract's emailSchema: trimmed; required (Email_Error), at most 254, an address. */
export function checkEmail(input: unknown): FieldCheck<string> {
  if (typeof input !== 'string') return { ok: false, key: 'Email_Error' };
  const value = input.trim();
  if (value.length < 1) return { ok: false, key: 'Email_Error' };
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) {
    return { ok: false, key: EMAIL_FORMAT_ERROR_KEY };
  }
  return { ok: true, value };
}

/** The contract's passwordSchema: not trimmed; required (Password_Error), 6 to 30 characters. */
export function checkPassword(input: unknown): FieldCheck<string> {
  if (typeof input !== 'string' || input.length < 1) return { ok: false, key: 'Password_Error' };
  if (input.length < PASSWORD_MIN_LENGTH) return { ok: false, key: 'Password_Length_Error' };
  if (input.length > PASSWORD_MAX_LENGTH) return { ok: false, key: 'Max_Length_Error' };
  return { ok: true, value: input };
}

/** A magic link needs the e-mail only; the (hidden) password field is any text. */
function checkAnyText(input: unknown): FieldCheck<string> {
  return typeof input === 'string' ? { ok: true, value: input } : { ok: false, key: 'Password_Error' };
}

/**
 * A react-hook-form resolver from field checks, answering as @hookform/resolvers' zodResolver
 * does: the checked values when every field passes, else every failing field's key as its message.
 */
function resolverOf(checks: { [K in keyof SignInForm]: (input: unknown) => FieldCheck<SignInForm[K]> }) {
  const resolver: Resolver<SignInForm> = (values) => {
    const errors: FieldErrors<SignInForm> = {};
    const checked: Partial<SignInForm> = {};
    for (const name of Object.keys(checks) as Array<keyof SignInForm>) {
      const result = checks[name](values[name]);
      if (result.ok) checked[name] = result.value;
      else errors[name] = { type: 'custom', message: result.key };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors }
      : { values: checked as SignInForm, errors: {} };
  };
  return resolver;
}

/** E-mail and password (signInFormSchema). */
export const signInResolver = resolverOf({ email: checkEmail, password: checkPassword });
/** E-mail only (the magic link). */
export const magicLinkResolver = resolverOf({ email: checkEmail, password: checkAnyText });
