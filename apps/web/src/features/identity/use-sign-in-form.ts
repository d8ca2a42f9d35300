import { useRef, useState, type BaseSyntheticEvent, type ChangeEvent } from 'react';
import type { SignInForm } from '@pet/contract';
import {
  checkSignInField,
  checkSignInForm,
  SIGN_IN_FIELDS,
  type SignInFieldName,
  type SignInMode,
} from './sign-in-checks';

/**
 * The sign-in form's state without react-hook-form (about 12 KiB brotli on a first visit to
 * /signin), with the timing the other forms have through react-hook-form's `mode: 'onTouched'`:
 * a field is checked when it loses the focus the first time and on every change after that (and
 * every field on every change once the form was submitted); a submit checks all fields, shows
 * every message at once and puts the focus on the first field in error, or passes the checked
 * values (the e-mail trimmed) on.
 */
export function useSignInForm(mode: SignInMode, initialEmail = '') {
  const [values, setValues] = useState<SignInForm>({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<Partial<Record<SignInFieldName, string>>>({});
  const touched = useRef<Set<SignInFieldName>>(new Set());
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<SignInFieldName, HTMLInputElement | null>>>({});

  const showCheckOf = (name: SignInFieldName, value: string) => {
    const result = checkSignInField(name, value, mode);
    setErrors((current) => {
      const { [name]: _previous, ...others } = current;
      return result.ok ? others : { ...others, [name]: result.key };
    });
  };

  /** The props of a field's TextFieldView. */
  const field = (name: SignInFieldName) => ({
    name,
    value: values[name],
    errorKey: errors[name],
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (touched.current.has(name) || submitted.current) showCheckOf(name, value);
    },
    onBlur: () => {
      touched.current.add(name);
      showCheckOf(name, values[name]);
    },
  });

  /** The form's onSubmit: `onValid` gets the checked values when every field passes. */
  const handleSubmit =
    (onValid: (checked: SignInForm) => Promise<void>) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const result = checkSignInForm(values, mode);
      if (!result.ok) {
        setErrors(result.errors);
        const first = SIGN_IN_FIELDS.find((name) => result.errors[name] !== undefined);
        if (first) inputs.current[first]?.focus();
        return;
      }
      setErrors({});
      await onValid(result.values);
    };

  const clearErrors = () => setErrors({});

  return { values, field, handleSubmit, clearErrors };
}
