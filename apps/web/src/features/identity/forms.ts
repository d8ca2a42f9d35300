import { z } from 'zod';
import { passwordSchema } from '@pet/contract';

/**
 * Setting a new password from the reset mail: the new password (6 to 30) and its confirmation,
 * with the keys of the change-password form (section 5).
 */
export const resetPasswordFormSchema = z
  .object({
    newpassword: passwordSchema,
    confirmpassword: z.string('Password_Error').min(1, 'Password_Error'),
  })
  .refine((form) => form.confirmpassword === '' || form.confirmpassword === form.newpassword, {
    path: ['confirmpassword'],
    message: 'Match_Password_Text',
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
