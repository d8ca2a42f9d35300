import { useState } from 'react';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { GridProps } from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import {
  COMMENTS_MAX_LENGTH,
  LIMIT_KEYS,
  SURGERY_TYPES,
  YES_NO,
  type MedicalListItem,
  type MedicalRecord,
  type MedicalType,
} from '@pet/contract';
import { FormActions } from '@/components/FormActions';
import { FormElement } from '@/components/FormElement';
import { DateStringPicker } from '@/components/DateStringPicker';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { useCreateMedical } from '@/features/medical/api/create-medical';
import { useUpdateMedical } from '@/features/medical/api/update-medical';
import {
  emptyMedicalForm,
  medicalBody,
  medicalFormSchema,
  medicalFormValues,
  type MedicalField,
  type MedicalFormOutput,
  type MedicalFormValues,
} from '@/features/medical/medical-form';
import { CommentsField } from '@/components/CommentsField';
import { TakingScheduleField } from './TakingScheduleField';
import { ToggleChoiceField } from './ToggleChoiceField';
import { UpgradeAlert } from '@/components/UpgradeAlert';

type Size = NonNullable<GridProps['size']>;
const FULL: Size = 12;
const HALF: Size = { xs: 12, sm: 6 };
const THIRD: Size = { xs: 12, md: 4 };

/**
 * The fields of each kind in screen order with their width. Exactly the fields of the kind's
 * payload (pet-data section 7); a test keeps the two in step.
 */
export const MEDICAL_LAYOUT: Record<MedicalType, ReadonlyArray<readonly [MedicalField, Size]>> = {
  allergy: [
    ['name', FULL],
    ['date', HALF],
    ['known_since', HALF],
    ['executing_person', HALF],
    ['still_acute', HALF],
    ['comments', FULL],
  ],
  disease: [
    ['name', FULL],
    ['date', HALF],
    ['known_since', HALF],
    ['executing_person', HALF],
    ['executing_organization', HALF],
    ['still_acute', FULL],
    ['comments', FULL],
  ],
  intervention: [
    ['name', FULL],
    ['surgery_type', HALF],
    ['date', HALF],
    ['executing_person', HALF],
    ['executing_organization', HALF],
    ['comments', FULL],
  ],
  medication: [
    ['name', HALF],
    ['manufacturer', HALF],
    ['reason', FULL],
    ['dosage', HALF],
    ['pharma_central_number', HALF],
    ['taking_schedule', FULL],
    ['date', THIRD],
    ['taking_from', THIRD],
    ['taking_to', THIRD],
    ['prescription', THIRD],
    ['in_use', THIRD],
    ['still_acute', THIRD],
    ['executing_person', HALF],
    ['executing_organization', HALF],
    ['comments', FULL],
  ],
};

/** Labels that read differently per kind ("Diagnosed on" for an allergy, "Prescribed on" for a medication). */
const KIND_LABELS: ReadonlySet<MedicalField> = new Set(['name', 'date', 'executing_person']);
const DATE_FIELDS: ReadonlySet<MedicalField> = new Set(['date', 'known_since', 'taking_from', 'taking_to']);
const YES_NO_FIELDS: ReadonlySet<MedicalField> = new Set(['still_acute', 'prescription', 'in_use']);

export interface MedicalFormProps {
  petId: string;
  type: MedicalType;
  /** The record to edit; without it the form adds one. */
  record?: MedicalListItem;
  onSaved: (record: MedicalRecord) => void;
  onCancel: () => void;
  /** Edit mode: asks to delete the record (the caller confirms). */
  onDelete?: () => void;
}

/**
 * The form of one medical record (pet-data sections 3 and 5) for any of the four kinds, in add or
 * edit mode: name required, everything else optional, comments up to 100 characters with a live
 * counter. Fields are checked when they lose focus and again on save.
 */
export function MedicalForm({ petId, type, record, onSaved, onCancel, onDelete }: MedicalFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorMessage = useApiErrorMessage();
  const create = useCreateMedical(petId, type);
  const update = useUpdateMedical(petId, type);
  const [refusal, setRefusal] = useState<unknown>(null);

  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<MedicalFormValues, unknown, MedicalFormOutput>({
    resolver: zodResolver(medicalFormSchema),
    mode: 'onTouched',
    defaultValues: record ? medicalFormValues(record) : emptyMedicalForm(),
  });

  const takingFrom = useWatch({ control, name: 'taking_from' });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const saved = record
        ? await update.mutateAsync({ medId: record.id, body: medicalBody(type, values, 'update') })
        : await create.mutateAsync(medicalBody(type, values, 'create'));
      notify.success('Success_Message_Text');
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.key === LIMIT_KEYS.medicalNotAllowed) {
        setRefusal(error);
        return;
      }
      const fieldErrors = isApiError(error) ? { ...error.fields } : {};
      if (isApiError(error) && error.field && !fieldErrors[error.field]) fieldErrors[error.field] = error.key;
      const entries = Object.entries(fieldErrors);
      for (const [field, key] of entries) setError(field as FieldPath<MedicalFormValues>, { message: key });
      if (entries.length === 0) notify.error(error);
    }
  });

  const label = (field: MedicalField) =>
    KIND_LABELS.has(field) ? t(`medical.field.${field}.${type}`) : t(`medical.field.${field}`);

  return (
    <FormElement
      onSubmit={onSubmit}
      aria-label={
        record ? t('medical.form.editLabel', { name: record.medical_name }) : t('medical.form.addLabel')
      }
    >
      {refusal ? (
        <UpgradeAlert
          severity="warning"
          role="alert"
          message={errorMessage(refusal)}
          actionLabel={t('medical.freePlan.activate')}
        />
      ) : null}
      <Grid container spacing={2.5}>
        {MEDICAL_LAYOUT[type].map(([field, size]) => (
          <Grid key={field} size={size}>
            <FieldInput field={field} label={label(field)} control={control} minDate={takingFrom} />
          </Grid>
        ))}
      </Grid>
      <FormActions
        submitting={isSubmitting}
        // Cancelled edits are discarded, also when the row is reopened before its form unmounts.
        onCancel={() => {
          reset();
          onCancel();
        }}
        onDelete={onDelete}
        labels={{ save: t('medical.save'), cancel: t('medical.cancel'), delete: t('medical.delete') }}
      />
    </FormElement>
  );
}

function FieldInput({
  field,
  label,
  control,
  minDate,
}: {
  field: MedicalField;
  label: string;
  control: Control<MedicalFormValues, unknown, MedicalFormOutput>;
  minDate: string | null | undefined;
}) {
  const { t } = useTranslation();
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <Controller
      control={control}
      name={field}
      render={({ field: input, fieldState }) => {
        const error = message(fieldState.error?.message);
        if (field === 'comments') {
          return (
            <CommentsField
              name={input.name}
              label={t('medical.field.comments')}
              helperText={t('medical.commentsHelper', { max: COMMENTS_MAX_LENGTH })}
              counterText={(length, max) => t('medical.commentsCounter', { length, max })}
              value={input.value as string}
              onChange={input.onChange}
              onBlur={input.onBlur}
              inputRef={input.ref}
              error={error}
            />
          );
        }
        if (field === 'taking_schedule') {
          return (
            <TakingScheduleField
              value={input.value as MedicalFormValues['taking_schedule']}
              onChange={input.onChange}
              onBlur={input.onBlur}
            />
          );
        }
        if (field === 'surgery_type') {
          return (
            <ToggleChoiceField
              label={label}
              value={input.value as MedicalFormValues['surgery_type']}
              options={SURGERY_TYPES.map((value) => ({ value, label: t(`medical.surgery.${value}`) }))}
              onChange={input.onChange}
              onBlur={input.onBlur}
            />
          );
        }
        if (YES_NO_FIELDS.has(field)) {
          return (
            <ToggleChoiceField
              label={label}
              value={input.value as MedicalFormValues['still_acute']}
              options={YES_NO.map((value) => ({ value, label: t(`medical.answer.${value}`) }))}
              onChange={input.onChange}
              onBlur={input.onBlur}
            />
          );
        }
        if (DATE_FIELDS.has(field)) {
          return (
            <DateStringPicker
              name={input.name}
              label={label}
              value={input.value as string}
              onChange={input.onChange}
              onBlur={input.onBlur}
              inputRef={input.ref}
              minDate={field === 'taking_to' ? minDate : undefined}
              error={Boolean(error)}
              helperText={error}
            />
          );
        }
        return (
          <TextField
            name={input.name}
            inputRef={input.ref}
            label={label}
            value={(input.value as string | null | undefined) ?? ''}
            onChange={input.onChange}
            onBlur={input.onBlur}
            required={field === 'name'}
            fullWidth
            error={Boolean(error)}
            helperText={error}
          />
        );
      }}
    />
  );
}
