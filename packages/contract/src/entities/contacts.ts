import { z } from 'zod';
import { idSchema, optionalDdMmYyyy, optionalEmailSchema, optionalText, requiredText } from './common.ts';

/** Contacts of a pet (pet-data sections 3, 5 and 7). */

/** The built-in contact types; users may add custom ones, so contact_type is any non-empty text. */
export const CONTACT_TYPES = [
  'Holder',
  'Vet',
  'Breeder',
  'Groomer',
  'CareTaker',
  'Kennel',
  'Trainer',
] as const;
export type BuiltInContactType = (typeof CONTACT_TYPES)[number];
/** Only vets carry doctor_since ("Doctor Since" in the form). */
export const VET_CONTACT_TYPE = 'Vet' satisfies BuiltInContactType;

export const COUNTRY_CODE_ERROR_KEY = 'Country_Error';
/** ISO 3166-1 alpha-2 code ("DE"); '' or null means not given. */
export const countryCodeSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), COUNTRY_CODE_ERROR_KEY)
  .nullish();

/** POST /v1/contact?pet_id= and PUT /v1/contact?contact_id= ("same fields"). */
export const contactBodySchema = z.object({
  title: optionalText,
  name: requiredText('Name_Error'),
  address: optionalText,
  zip: optionalText,
  city: optionalText,
  country: countryCodeSchema,
  phone: requiredText('Phone_Error'),
  email: optionalEmailSchema,
  contact_type: requiredText('Contact_type_Error'),
  doctor_since: optionalDdMmYyyy,
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** PUT /v1/contact?contact_id=: any fields; a field left out keeps its stored value, null clears it. */
export const contactUpdateBodySchema = contactBodySchema.partial();
export type ContactUpdateBody = z.infer<typeof contactUpdateBodySchema>;

export const contactSchema = contactBodySchema.extend({
  id: idSchema,
  pet_id: idSchema,
  user_id: idSchema,
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /v1/contact/mycontacts?pet_id=: a plain array. */
export const contactListResponseSchema = z.array(contactSchema);

export const contactIdQuerySchema = z.object({ contact_id: idSchema });

/** The contact form: as the body, but the date field is called vet_since. */
export const contactFormSchema = contactBodySchema.omit({ doctor_since: true }).extend({
  vet_since: optionalDdMmYyyy,
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** Form to body: vet_since becomes doctor_since, and is dropped for types other than Vet. */
export function contactFormToBody(form: ContactForm): ContactBody {
  const { vet_since, ...rest } = form;
  return {
    ...rest,
    doctor_since: rest.contact_type.trim() === VET_CONTACT_TYPE ? (vet_since ?? null) : null,
  };
}

/** Stored contact to form values (edit mode). */
export function contactToForm(contact: Contact): ContactForm {
  const { doctor_since, id: _id, pet_id: _pet, user_id: _user, ...rest } = contact;
  return { ...rest, vet_since: doctor_since };
}
