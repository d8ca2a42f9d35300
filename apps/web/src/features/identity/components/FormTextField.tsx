import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { emailFieldLook, TextFieldView, type TextFieldLookProps } from './TextFieldView';

export interface FormTextFieldProps<T extends FieldValues> extends TextFieldLookProps {
  control: Control<T>;
  name: Path<T>;
}

/**
 * A text field bound to react-hook-form: the field's error is a translation key of the contract's
 * schema and shows translated under the field (TextFieldView).
 */
export function FormTextField<T extends FieldValues>({ control, name, ...look }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextFieldView
          {...look}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorKey={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The e-mail address field of the identity forms (required, the e-mail keyboard on phones);
 * autoComplete says whether it names the account ("username") or a new address ("email").
 */
export function EmailField<T extends FieldValues>(
  props: Omit<FormTextFieldProps<T>, 'label' | 'type' | 'inputMode'>,
) {
  const { t } = useTranslation();
  return <FormTextField {...emailFieldLook(t('identity.fields.email'))} {...props} />;
}
