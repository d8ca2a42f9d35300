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

export type SignInFieldName = keyof SignInForm;
/** The sign-in form's fields in their order on screen (the first invalid one gets the focus). */
export const SIGN_IN_FIELDS: readonly SignInFieldName[] = ['email', 'password'];
export type SignInMode = 'password' | 'magic';

/** The check of one field of the sign-in form: signInFormSchema's, or the magic link's. */
export function checkSignInField(
  name: SignInFieldName,
  input: unknown,
  mode: SignInMode,
): FieldCheck<string> {
  if (name === 'email') return checkEmail(input);
  return mode === 'magic' ? checkAnyText(input) : checkPassword(input);
}

export type SignInFormCheck =
  { ok: true; values: SignInForm } | { ok: false; errors: Partial<Record<SignInFieldName, string>> };

/**
 * The whole form, as zodResolver with signInFormSchema (or with the magic link's schema) answers
 * it: the checked values (the e-mail trimmed) when every field passes, else each failing field's key.
 */
export function checkSignInForm(values: SignInForm, mode: SignInMode): SignInFormCheck {
  const checked: Partial<SignInForm> = {};
  const errors: Partial<Record<SignInFieldName, string>> = {};
  for (const name of SIGN_IN_FIELDS) {
    const result = checkSignInField(name, values[name], mode);
    if (result.ok) checked[name] = result.value;
    else errors[name] = result.key;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: checked as SignInForm };
}
