import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { emailSchema, passwordSchema, signInFormSchema, type SignInForm } from '@pet/contract';
import { checkEmail, checkPassword, checkSignInForm } from '@/features/identity/sign-in-checks';

/** What the contract's schema says of `input`: the value it answers, or its first key. */
function zodVerdict(schema: z.ZodType<string>, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, key: result.error.issues[0]!.message };
}

const emails: unknown[] = [
  undefined,
  null,
  42,
  '',
  ' ',
  '   \t ',
  'a',
  'a@',
  '@b.de',
  'a@b',
  'a@b.d',
  'a@b.de',
  ' a@b.de ',
  'A.B+tag@sub.example.COM',
  'a..b@example.com',
  'a.b@example..com',
  '.a@example.com',
  'a.@example.com',
  'a b@example.com',
  'ä@example.com',
  'a@exämple.com',
  'a@-example.com',
  'a@example-.com',
  "o'brien@example.ie",
  'a@example.c0m',
  `${'a'.repeat(64)}@${'b'.repeat(180)}.de`,
  `${'a'.repeat(64)}@${'b'.repeat(186)}.de`,
  `${'a'.repeat(64)}@${'b'.repeat(187)}.de`,
  ` ${'a'.repeat(64)}@${'b'.repeat(186)}.de `,
];

const passwords: unknown[] = [
  undefined,
  null,
  123456,
  '',
  ' ',
  'a',
  '12345',
  '      ',
  '123456',
  ' 12345',
  'a'.repeat(29),
  'a'.repeat(30),
  'a'.repeat(31),
  ` ${'a'.repeat(29)} `,
  'pässwörd🐶',
];

const resolverOptions: ResolverOptions<SignInForm> = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
};

describe("sign-in form checks without zod (the contract's rules and keys)", () => {
  it.each(emails.map((input) => [JSON.stringify(input), input]))(
    'e-mail %s as emailSchema',
    (_label, input) => {
      expect(checkEmail(input)).toEqual(zodVerdict(emailSchema, input));
    },
  );

  it.each(passwords.map((input) => [JSON.stringify(input), input]))(
    'password %s as passwordSchema',
    (_label, input) => {
      expect(checkPassword(input)).toEqual(zodVerdict(passwordSchema, input));
    },
  );

  it('the whole form answers as zodResolver with the contract schemas (values and message keys)', async () => {
    const magicLinkFormSchema = z.object({ email: emailSchema, password: z.string() });
    const fromZod = (result: {
      values: unknown;
      errors: Record<string, { message?: string } | undefined>;
    }) =>
      Object.keys(result.errors).length === 0
        ? { ok: true, values: result.values }
        : {
            ok: false,
            errors: Object.fromEntries(
              Object.entries(result.errors).map(([name, error]) => [name, error?.message]),
            ),
          };
    for (const email of emails.filter((value) => typeof value === 'string')) {
      for (const password of passwords.filter((value) => typeof value === 'string')) {
        const values = { email, password } as SignInForm;
        expect(checkSignInForm(values, 'password')).toEqual(
          fromZod(await zodResolver(signInFormSchema)(values, undefined, resolverOptions)),
        );
        expect(checkSignInForm(values, 'magic')).toEqual(
          fromZod(await zodResolver(magicLinkFormSchema)(values, undefined, resolverOptions)),
        );
      }
    }
  });
});
