import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import type { z } from 'zod';
import {
  VET_CONTACT_TYPE,
  contactFormSchema,
  contactFormToBody,
  contactToForm,
  type Contact,
  type ContactForm as ContactFormOutput,
} from '@pet/contract';
import { DateStringPicker } from '@/components/DateStringPicker';
import { FormElement } from '@/components/FormElement';
import { isApiError } from '@/lib/api-client';
import { useNotify } from '@/lib/notifications';
import { useCreateContact } from '@/features/contacts/api/create-contact';
import { useUpdateContact } from '@/features/contacts/api/update-contact';
import { AddressFields } from '@/components/AddressFields';
import { FieldController } from '@/components/FieldController';
import { ContactTypeField } from './ContactTypeField';

export type ContactFormValues = z.input<typeof contactFormSchema>;

/** Empty values of the add mode; `contactType` presets the type (add inside a type's accordion). */
export function emptyContactForm(contactType = ''): ContactFormValues {
  return {
    title: '',
    name: '',
    address: '',
    zip: '',
    city: '',
    country: null,
    phone: '',
    email: '',
    contact_type: contactType,
    vet_since: '',
  };
}

/** A stored contact as form values (edit mode): nulls become '' so the inputs stay controlled. */
export function contactFormValues(contact: Contact): ContactFormValues {
  const form = contactToForm(contact);
  return {
    title: form.title ?? '',
    name: form.name,
    address: form.address ?? '',
    zip: form.zip ?? '',
    city: form.city ?? '',
    country: form.country || null,
    phone: form.phone,
    email: form.email ?? '',
    contact_type: form.contact_type,
    vet_since: form.vet_since ?? '',
  };
}

/** Server field names that differ from the form's. */
const FORM_FIELD_OF: Record<string, FieldPath<ContactFormValues>> = { doctor_since: 'vet_since' };

export interface ContactFormProps {
  petId: string;
  /** The contact to edit; without it the form adds a new contact. */
  contact?: Contact;
  /** Add mode: the type the new contact starts with. */
  presetType?: string;
  customTypes: readonly string[];
  onSaved: (contact: Contact) => void;
  onCancel: () => void;
}

/**
 * The contact form of pet-data sections 3 and 5, in add or edit mode. Name, phone and contact type
 * are required, the e-mail must be valid when given; fields are checked when they lose focus and
 * again on save. Vets have a Doctor Since date (vet_since, sent as doctor_since).
 */
export function ContactForm({
  petId,
  contact,
  presetType,
  customTypes,
  onSaved,
  onCancel,
}: ContactFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateContact(petId);
  const update = useUpdateContact(petId);
  const editing = contact !== undefined;

  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onTouched',
    defaultValues: contact ? contactFormValues(contact) : emptyContactForm(presetType),
  });

  const isVet = (useWatch({ control, name: 'contact_type' }) ?? '').trim() === VET_CONTACT_TYPE;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    const body = contactFormToBody(values);
    // An empty Doctor Since is "not given".
    if (!body.doctor_since) body.doctor_since = null;
    try {
      const saved = contact
        ? await update.mutateAsync({ contactId: contact.id, body })
        : await create.mutateAsync(body);
      notify.success('Success_Message_Text');
      // The add form may stay mounted (its accordion folds away over 250 ms and can be reopened
      // meanwhile): the next contact must start empty, not with this one's values.
      if (!contact) reset(emptyContactForm(presetType));
      onSaved(saved);
    } catch (error) {
      const fieldErrors = isApiError(error) ? Object.entries(error.fields) : [];
      if (isApiError(error) && error.field && !error.fields[error.field]) {
        fieldErrors.push([error.field, error.key]);
      }
      for (const [field, key] of fieldErrors) {
        setError(FORM_FIELD_OF[field] ?? (field as FieldPath<ContactFormValues>), { message: key });
      }
      if (fieldErrors.length === 0) notify.error(error);
    }
  });

  const text = (field: 'title' | 'name' | 'phone' | 'email') => ({
    ...register(field),
    fullWidth: true,
    error: Boolean(errors[field]),
    helperText: message(errors[field]?.message),
  });

  return (
    <FormElement
      onSubmit={onSubmit}
      aria-label={editing ? t('contacts.form.titleEdit') : t('contacts.form.titleAdd')}
      sx={{ py: 1 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 2 }}>
        {editing ? t('contacts.form.titleEdit') : t('contacts.form.titleAdd')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="contact_type"
            render={({ field, fieldState }) => (
              <ContactTypeField
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                customTypes={customTypes}
                error={message(fieldState.error?.message)}
              />
            )}
          />
        </Grid>
        {isVet ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FieldController
              control={control}
              name="vet_since"
              render={(field) => <DateStringPicker {...field} label={t('contacts.field.vetSince')} />}
            />
          </Grid>
        ) : (
          // Keeps the contact type on a row of its own on wider screens.
          <Grid size={{ sm: 6 }} sx={{ display: { xs: 'none', sm: 'block' } }} />
        )}
        <Grid size={{ xs: 12, sm: 4, md: 3 }}>
          <TextField {...text('title')} label={t('contacts.field.title')} autoComplete="honorific-prefix" />
        </Grid>
        <Grid size={{ xs: 12, sm: 8, md: 9 }}>
          <TextField {...text('name')} required label={t('contacts.field.name')} autoComplete="name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...text('phone')}
            required
            type="tel"
            label={t('contacts.field.phone')}
            autoComplete="tel"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...text('email')}
            type="email"
            label={t('contacts.field.email')}
            autoComplete="email"
            slotProps={{ htmlInput: { inputMode: 'email' } }}
          />
        </Grid>
        <AddressFields control={control} />
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button
          color="inherit"
          onClick={() => {
            // Cancelled means discarded, also when the form is reopened before it unmounts.
            reset();
            onCancel();
          }}
          disabled={isSubmitting}
        >
          {t('contacts.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('contacts.save')}
        </Button>
      </Stack>
    </FormElement>
  );
}
