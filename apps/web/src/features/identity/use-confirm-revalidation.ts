import { useEffect } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * A confirmation field that was already filled in follows later changes of the password it
 * confirms (Match_Password_Text appears or goes away without another blur).
 */
export function useConfirmRevalidation<T extends FieldValues>(
  form: UseFormReturn<T>,
  password: Path<T>,
  confirmation: Path<T>,
): void {
  const { control, trigger, getFieldState, getValues } = form;
  const value = useWatch({ control, name: password });
  useEffect(() => {
    if (getValues(confirmation) !== '' && getFieldState(confirmation).isTouched) void trigger(confirmation);
  }, [value, confirmation, trigger, getFieldState, getValues]);
}
