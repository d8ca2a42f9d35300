import { z } from 'zod';
import { codeChoiceSchema } from '../brands.ts';
import {
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  UI_LANGUAGES,
  VERIFICATION_ANDROID_MINIMUM_VERSION,
} from '../constants.ts';
import { EMAIL_FORMAT_ERROR_KEY, EMAIL_MAX_LENGTH, requiredText, SHORT_TEXT_MAX_LENGTH } from './common.ts';
import { productSchema } from './subscription.ts';
import { timeZoneSchema } from './care.ts';

/** Sign-in, registration, code checks and password flows (account-area sections 2, 5, 7). */

export const emailSchema = z
  .string('Email_Error')
  .trim()
  .min(1, 'Email_Error')
  .max(EMAIL_MAX_LENGTH, EMAIL_FORMAT_ERROR_KEY)
  .pipe(z.email(EMAIL_FORMAT_ERROR_KEY));

/** A GPS tracker id as sent with a code: required when given, bounded like every short text. */
const trackerIdSchema = z
  .string()
  .trim()
  .min(1, 'GPS_Tracker_Id')
  .max(SHORT_TEXT_MAX_LENGTH, 'GPS_Tracker_Id');

/** Passwords are not trimmed: spaces count. Empty gives only Password_Error. */
export const passwordSchema = z
  .string('Password_Error')
  .min(1, { error: 'Password_Error', abort: true })
  .min(PASSWORD_MIN_LENGTH, 'Password_Length_Error')
  .max(PASSWORD_MAX_LENGTH, 'Max_Length_Error');

/**
 * Account holder name: required (Name_Error), 3 to 30 characters after trimming. A name out of
 * bounds gets Name_Length_Error, whose text names the bounds (issue 14.7): "Please enter a name"
 * under a name of two letters told the user nothing.
 */
export const nameSchema = z
  .string('Name_Error')
  .trim()
  .min(1, 'Name_Error')
  .max(NAME_MAX_LENGTH, 'Name_Length_Error')
  // Not an aborting check: the form's own checks (the password match) must still run.
  .refine((name) => name === '' || name.length >= NAME_MIN_LENGTH, 'Name_Length_Error');

const confirmPasswordSchema = z.string('Password_Error').min(1, 'Password_Error');
const MATCH_PASSWORD_KEY = 'Match_Password_Text';

/** Signup language. */
export const signupLanguageSchema = z.enum(UI_LANGUAGES);

// ---------------------------------------------------------------------------------------------
// Client forms.

export const signInFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInForm = z.infer<typeof signInFormSchema>;

/** Registration fields (shown after a valid code or without one); mismatch shows only when non-empty. */
export const registrationFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmpassword: confirmPasswordSchema,
  })
  .refine((form) => form.confirmpassword === '' || form.confirmpassword === form.password, {
    path: ['confirmpassword'],
    message: MATCH_PASSWORD_KEY,
  });
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** A code is sent to the check only when longer than 1 character. */
export const CODE_CHECK_MIN_LENGTH = 2;
export function isCheckableCode(code: string): boolean {
  return code.trim().length >= CODE_CHECK_MIN_LENGTH;
}

/**
 * The code step of registration (validated on OK). With the choice yes, activation_code is
 * required, and in the tracker brand also gps_tracker_id. A missing code is No_Code here, the
 * registration's own key of account-area section 5 ("required on OK ... No_Code"); the other
 * code forms (activation page, verifycode, signup) answer Activation_Code_Text_Required.
 */
export function registrationCodeFormSchema(options: { tracker: boolean }) {
  return z
    .object({
      code_choice: codeChoiceSchema.nullish(),
      activation_code: z.string().trim().max(SHORT_TEXT_MAX_LENGTH, 'Activation_Code_Text_Required'),
      gps_tracker_id: z.string().trim().max(SHORT_TEXT_MAX_LENGTH, 'GPS_Tracker_Id'),
    })
    .superRefine((form, ctx) => {
      if (!form.code_choice) ctx.addIssue({ code: 'custom', path: ['code_choice'], message: 'No_Code' });
      if (form.code_choice !== 'yes') return;
      if (form.activation_code === '')
        ctx.addIssue({ code: 'custom', path: ['activation_code'], message: 'No_Code' });
      if (options.tracker && form.gps_tracker_id === '')
        ctx.addIssue({ code: 'custom', path: ['gps_tracker_id'], message: 'GPS_Tracker_Id' });
    });
}
export type RegistrationCodeForm = z.infer<ReturnType<typeof registrationCodeFormSchema>>;

export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({
    oldpassword: passwordSchema,
    newpassword: passwordSchema,
    confirmpassword: confirmPasswordSchema,
  })
  .refine((form) => form.confirmpassword === '' || form.confirmpassword === form.newpassword, {
    path: ['confirmpassword'],
    message: MATCH_PASSWORD_KEY,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/**
 * Activate product page. The tracker brand's form also needs gps_tracker_id (GPS_Tracker_ID_Required)
 * unless trackers are registered already: then the field is read-only, prefilled with the ids
 * joined by commas (registeredTrackerIdsText).
 */
export function activationFormSchema(options: { tracker: boolean; trackersRegistered?: boolean }) {
  const needsTracker = options.tracker && !options.trackersRegistered;
  return z.object({
    emergency_code: requiredText('Activation_Code_Text_Required'),
    gps_tracker_id: needsTracker
      ? requiredText('GPS_Tracker_ID_Required')
      : z.string().trim().max(SHORT_TEXT_MAX_LENGTH, 'GPS_Tracker_ID_Required'),
  });
}
export type ActivationForm = z.infer<ReturnType<typeof activationFormSchema>>;

export function registeredTrackerIdsText(trackerIds: readonly string[]): string {
  return trackerIds.join(',');
}

/** Activation form to the verifycode body: tracker ids only sent when none are registered. */
export function activationFormToVerifyCodeBody(
  form: ActivationForm,
  registeredTrackerIds: readonly string[],
): VerifyCodeBody {
  const trackerId = form.gps_tracker_id.trim();
  return registeredTrackerIds.length === 0 && trackerId !== ''
    ? { code: form.emergency_code, tracker_ids: [trackerId] }
    : { code: form.emergency_code };
}

// ---------------------------------------------------------------------------------------------
// Calls.

/** POST /v1/auth/signup. activation_code is null without a code; tracker_ids has one id or none. */
export const signupBodySchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    activation_code: z
      .string()
      .trim()
      .min(1, 'Activation_Code_Text_Required')
      .max(SHORT_TEXT_MAX_LENGTH, 'Activation_Code_Text_Required')
      .nullable()
      .default(null),
    tracker_ids: z.array(trackerIdSchema).default([]),
    language: signupLanguageSchema,
    product_associated: codeChoiceSchema,
    /**
     * Registration from a share invitation's link (issue 35): with a valid token for the same
     * address, no activation code is needed and the account is created verified.
     */
    invitation_token: z.string().min(20).max(200).nullish(),
    /** The browser's IANA zone (issue 36): reminders, doses and mails use it; absent: Europe/Berlin. */
    time_zone: timeZoneSchema.optional(),
  })
  .refine(
    (body) => body.product_associated !== 'yes' || body.activation_code !== null || !!body.invitation_token,
    {
      path: ['activation_code'],
      message: 'Activation_Code_Text_Required',
    },
  );
export type SignupBody = z.infer<typeof signupBodySchema>;
export type SignupBodyInput = z.input<typeof signupBodySchema>;

/** Registration screen state to the signup body. */
export function toSignupBody(input: {
  form: RegistrationForm;
  codeChoice: z.infer<typeof codeChoiceSchema>;
  activationCode?: string | null;
  trackerId?: string | null;
  language: z.infer<typeof signupLanguageSchema>;
}): SignupBody {
  const code = input.codeChoice === 'yes' ? (input.activationCode ?? '').trim() : '';
  const trackerId = (input.trackerId ?? '').trim();
  return {
    name: input.form.name,
    email: input.form.email,
    password: input.form.password,
    activation_code: code === '' ? null : code,
    tracker_ids: trackerId === '' ? [] : [trackerId],
    language: input.language,
    product_associated: input.codeChoice,
  };
}

/** The code-validity check (path not shown in the spec). */
export const codeCheckBodySchema = z.object({
  code: z
    .string('Invalid_Code')
    .trim()
    .min(CODE_CHECK_MIN_LENGTH, 'Invalid_Code')
    .max(SHORT_TEXT_MAX_LENGTH, 'Invalid_Code'),
  tracker_id: trackerIdSchema.optional(),
});
export type CodeCheckBody = z.infer<typeof codeCheckBodySchema>;

/** message is one of CODE_CHECK_MESSAGES; map invalid ones with codeCheckMessageKey. */
export const codeCheckResponseSchema = z.object({
  isvalid: z.boolean(),
  message: z.string(),
  product: productSchema.nullish(),
});
export type CodeCheckResponse = z.infer<typeof codeCheckResponseSchema>;

/** POST /v1/auth/verifycode: code, or code plus tracker_ids. Answered with activationResponseSchema. */
export const verifyCodeBodySchema = z.object({
  code: requiredText('Activation_Code_Text_Required'),
  tracker_ids: z.array(trackerIdSchema).optional(),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

/** POST /v1/auth/verification/sendemail: mobile deep-link settings are accepted for compatibility. */
export const sendVerificationEmailBodySchema = z.object({
  url: z.url(),
  handle_code_in_app: z.boolean().default(false),
  ios_bundle_id: z.string().optional(),
  android_package_name: z.string().optional(),
  android_minimum_version: z.string().default(VERIFICATION_ANDROID_MINIMUM_VERSION),
  dynamic_link_domain: z.string().optional(),
});
export type SendVerificationEmailBody = z.infer<typeof sendVerificationEmailBodySchema>;

/** POST /v1/auth/password/reset. */
export const passwordResetBodySchema = z.object({
  email: emailSchema,
  url: z.url(),
  handle_code_in_app: z.boolean().default(false),
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;
