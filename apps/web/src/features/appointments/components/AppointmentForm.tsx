import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import {
  APPOINTMENT_TYPES,
  COMMENTS_MAX_LENGTH,
  LIMIT_KEYS,
  VACCINATION_APPOINTMENT_TYPE,
  appointmentTypeLabel,
  type Appointment,
  type AppointmentListItem,
} from '@pet/contract';
import { FormActions } from '@/components/FormActions';
import { FormElement } from '@/components/FormElement';
import { DateStringPicker } from '@/components/DateStringPicker';
import { TimeStringPicker } from '@/components/TimeStringPicker';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { useLanguage } from '@/lib/use-language';
import { useCreateAppointment } from '@/features/appointments/api/create-appointment';
import { useUpdateAppointment } from '@/features/appointments/api/update-appointment';
import {
  addAppointmentSchema,
  appointmentCreateBody,
  appointmentFormValues,
  appointmentNoteBody,
  appointmentUpdateBody,
  editAppointmentSchema,
  emptyAppointmentForm,
  type AppointmentFormOutput,
  type AppointmentFormValues,
} from '@/features/appointments/appointment-form';
import { AddressFields } from '@/components/AddressFields';
import { FieldController } from '@/components/FieldController';
import { CommentsField } from '@/components/CommentsField';
import { LimitAlert } from './LimitAlert';

/** Plan refusals that carry an action instead of a plain error message (pet-data section 8). */
const REFUSAL_KEYS: ReadonlySet<string> = new Set([
  LIMIT_KEYS.appointment,
  LIMIT_KEYS.appointmentNotAllowed,
  LIMIT_KEYS.noPet,
]);

type TextFieldName = 'vaccination_type' | 'reason' | 'vet_name' | 'phone' | 'email' | 'medication';

export interface AppointmentFormProps {
  /** The appointment to edit (list form); without it the form adds one. */
  item?: AppointmentListItem;
  /** Add mode: the pet the appointment is for (a pet's page), or the preselected choice. */
  petId?: string;
  /** Add mode on /dashboard/my-appointments: the user's pets to choose from. */
  pets?: ReadonlyArray<{ id: string; name: string }>;
  onSaved: (appointment: Appointment) => void;
  onCancel: () => void;
  /** Edit mode: asks to delete the appointment (the caller confirms). */
  onDelete?: () => void;
  /**
   * Edit mode for a member who may only note the appointment (a carer, issue 35: canOnPet
   * 'appointment' update with noteOnly): every field but the comments read-only, no delete, and
   * the PUT carries only the comments (fields left out keep their stored values).
   */
  noteOnly?: boolean;
}

/** The fields a note-only edit may not change: disabled together, laid out as if not wrapped. */
function Locked({ locked, children }: { locked: boolean; children: ReactNode }) {
  if (!locked) return <>{children}</>;
  return (
    <Box component="fieldset" disabled sx={{ display: 'contents' }}>
      {children}
    </Box>
  );
}

/**
 * The appointment form of pet-data sections 3 and 5 in add or edit mode. Type, reason, date (not
 * earlier than today) and time are required, the e-mail must be valid when given, comments up to
 * 100 characters; a vaccination reveals its vaccination type; an optional reminder needs both date
 * and time. Fields are checked when they lose focus and again on save. The type cannot change
 * after adding (PUT has no type), so edit mode shows it read-only.
 */
export function AppointmentForm({
  item,
  petId,
  pets,
  onSaved,
  onCancel,
  onDelete,
  noteOnly = false,
}: AppointmentFormProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const notify = useNotify();
  const errorMessage = useApiErrorMessage();
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const [refusal, setRefusal] = useState<{ key: string; message: string } | null>(null);

  const [defaults] = useState<AppointmentFormValues>(() =>
    item ? appointmentFormValues(item) : emptyAppointmentForm(petId ?? ''),
  );
  const schema = useMemo(
    () =>
      item ? editAppointmentSchema(new Date(), defaults.appointment_date) : addAppointmentSchema(new Date()),
    [item, defaults.appointment_date],
  );

  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AppointmentFormValues, unknown, AppointmentFormOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: defaults,
  });

  const isVaccination = useWatch({ control, name: 'appointment_type' }) === VACCINATION_APPOINTMENT_TYPE;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const saved = item
        ? await update.mutateAsync({
            apptId: item.appointment_id,
            body: noteOnly ? appointmentNoteBody(values) : appointmentUpdateBody(values),
          })
        : await create.mutateAsync({ petId: values.pet_id, body: appointmentCreateBody(values) });
      notify.success('Success_Message_Text');
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && REFUSAL_KEYS.has(error.key)) {
        setRefusal({ key: error.key, message: errorMessage(error) });
        return;
      }
      const fieldErrors = isApiError(error) ? { ...error.fields } : {};
      if (isApiError(error) && error.field && !fieldErrors[error.field]) fieldErrors[error.field] = error.key;
      const entries = Object.entries(fieldErrors);
      for (const [field, key] of entries) {
        setError(field as FieldPath<AppointmentFormValues>, { message: key });
      }
      if (entries.length === 0) notify.error(error);
    }
  });

  /** The reminder date and time differ only in their picker: one wiring for both. */
  const reminderField = (
    name: 'reminder_date' | 'reminder_time',
    Picker: typeof DateStringPicker | typeof TimeStringPicker,
    label: string,
  ) => (
    <FieldController control={control} name={name} render={(field) => <Picker {...field} label={label} />} />
  );

  const text = (field: TextFieldName) => ({
    ...register(field),
    fullWidth: true,
    error: Boolean(errors[field]),
    helperText: message(errors[field]?.message),
  });

  const formLabel = item
    ? t('appointments.form.editLabel', {
        name: appointmentTypeLabel(item.appointment_type, language),
        date: item.appointment_date,
      })
    : t('appointments.form.addLabel');

  return (
    <FormElement onSubmit={onSubmit} aria-label={formLabel}>
      {refusal ? (
        <LimitAlert
          message={refusal.message}
          action={refusal.key === LIMIT_KEYS.noPet ? 'addPet' : 'subscription'}
        />
      ) : null}
      {noteOnly ? (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t('appointments.noteOnlyHint')}
        </Alert>
      ) : null}
      <Grid container spacing={2.5}>
        <Locked locked={noteOnly}>
          {pets ? (
            <Grid size={12}>
              <FieldController
                control={control}
                name="pet_id"
                render={(field) => (
                  <TextField select {...field} label={t('appointments.field.pet')} required fullWidth>
                    {pets.map((pet) => (
                      <MenuItem key={pet.id} value={pet.id}>
                        {pet.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, sm: 6 }}>
            {item ? (
              <TextField
                label={t('appointments.field.type')}
                value={appointmentTypeLabel(item.appointment_type, language)}
                fullWidth
                helperText={t('appointments.typeFixed')}
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            ) : (
              <FieldController
                control={control}
                name="appointment_type"
                render={(field) => (
                  <TextField
                    select
                    {...field}
                    value={field.value ?? ''}
                    label={t('appointments.field.type')}
                    required
                    fullWidth
                  >
                    {APPOINTMENT_TYPES.map((type) => (
                      <MenuItem key={type.value} value={type.value}>
                        {type[language]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Grid>
          {isVaccination ? (
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...text('vaccination_type')} label={t('appointments.field.vaccinationType')} />
            </Grid>
          ) : null}
          <Grid size={12}>
            <TextField {...text('reason')} required label={t('appointments.field.reason')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FieldController
              control={control}
              name="appointment_date"
              render={(field) => (
                <DateStringPicker {...field} label={t('appointments.field.date')} required />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FieldController
              control={control}
              name="appointment_time"
              render={(field) => (
                <TimeStringPicker {...field} label={t('appointments.field.time')} required />
              )}
            />
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('appointments.section.practice')}
            </Typography>
          </Grid>
          <Grid size={12}>
            <TextField {...text('vet_name')} label={t('appointments.field.vetName')} />
          </Grid>
          <AddressFields control={control} />
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...text('phone')}
              type="tel"
              label={t('appointments.field.phone')}
              autoComplete="tel"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...text('email')}
              type="email"
              label={t('appointments.field.email')}
              autoComplete="email"
              slotProps={{ htmlInput: { inputMode: 'email' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...text('medication')} label={t('appointments.field.medication')} />
          </Grid>
        </Locked>
        <Grid size={12}>
          <FieldController
            control={control}
            name="comments"
            render={({ helperText: error, error: _invalid, ...field }) => (
              <CommentsField
                {...field}
                error={error}
                label={t('appointments.field.comments')}
                helperText={t('appointments.commentsHelper', { max: COMMENTS_MAX_LENGTH })}
                counterText={(length, max) => t('appointments.commentsCounter', { length, max })}
              />
            )}
          />
        </Grid>
        <Locked locked={noteOnly}>
          <Grid size={12}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('appointments.section.reminder')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('appointments.reminderHint')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {reminderField('reminder_date', DateStringPicker, t('appointments.field.reminderDate'))}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {reminderField('reminder_time', TimeStringPicker, t('appointments.field.reminderTime'))}
          </Grid>
        </Locked>
      </Grid>
      <FormActions
        submitting={isSubmitting}
        // Cancelled edits are discarded, also when the row is reopened before its form unmounts.
        onCancel={() => {
          reset();
          onCancel();
        }}
        onDelete={noteOnly ? undefined : onDelete}
        labels={{
          save: t('appointments.save'),
          cancel: t('appointments.cancel'),
          delete: t('appointments.delete'),
        }}
      />
    </FormElement>
  );
}
