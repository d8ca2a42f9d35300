import type { ReactElement, Ref } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';

/** What a controlled input gets from its form: name, ref, value, handlers and the translated error. */
export interface BoundFieldProps<V> {
  name: string;
  inputRef: Ref<HTMLInputElement>;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  error: boolean;
  /** The translated message of the field's error key, if any. */
  helperText: string | undefined;
}

/**
 * One field of a react-hook-form form wired to an input that is not a plain text box (a picker,
 * a select, the country search): the form's value and handlers, and the error key translated
 * under the field. The caller adds the label and the input's own props.
 */
export function FieldController<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  render,
}: {
  control: Control<T>;
  name: N;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each input narrows the value itself
  render: (props: BoundFieldProps<any>) => ReactElement;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) =>
        render({
          name: field.name,
          inputRef: field.ref,
          value: field.value,
          onChange: field.onChange,
          onBlur: field.onBlur,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ? t(fieldState.error.message) : undefined,
        })
      }
    />
  );
}
