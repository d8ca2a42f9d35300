import { describe, it, expect } from 'vitest';
import {
  activationFormSchema,
  activationFormToVerifyCodeBody,
  changePasswordFormSchema,
  codeCheckBodySchema,
  codeCheckResponseSchema,
  emailSchema,
  forgotPasswordFormSchema,
  isCheckableCode,
  nameSchema,
  passwordResetBodySchema,
  passwordSchema,
  registeredTrackerIdsText,
  registrationCodeFormSchema,
  registrationFormSchema,
  sendVerificationEmailBodySchema,
  signInFormSchema,
  signupBodySchema,
  toSignupBody,
  verifyCodeBodySchema,
} from '../src/entities/auth.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';

describe('field rules', () => {
  it('email: required, trimmed, valid', () => {
    expect(issuesOf(emailSchema, '')).toEqual([': Email_Error']);
    expect(issuesOf(emailSchema, '   ')).toEqual([': Email_Error']);
    expect(issuesOf(emailSchema, undefined)).toEqual([': Email_Error']);
    expect(issuesOf(emailSchema, 'someone')).toEqual([': Email_Format_Error']);
    expect(issuesOf(emailSchema, 'someone@host')).toEqual([': Email_Format_Error']);
    expect(parseOk(emailSchema, '  someone@example.com ')).toBe('someone@example.com');
  });

  it('password: required, 6..30, not trimmed', () => {
    expect(issuesOf(passwordSchema, '')).toEqual([': Password_Error']);
    expect(issuesOf(passwordSchema, undefined)).toEqual([': Password_Error']);
    expect(issuesOf(passwordSchema, '12345')).toEqual([': Password_Length_Error']);
    expect(issuesOf(passwordSchema, '123456')).toEqual([]);
    expect(issuesOf(passwordSchema, 'x'.repeat(30))).toEqual([]);
    expect(issuesOf(passwordSchema, 'x'.repeat(31))).toEqual([': Max_Length_Error']);
    expect(parseOk(passwordSchema, ' 12345 ')).toBe(' 12345 ');
  });

  it('name: required (Name_Error), 3..30 after trimming (Name_Length_Error names the bounds)', () => {
    for (const bad of ['', '  ', undefined]) expect(issuesOf(nameSchema, bad)).toEqual([': Name_Error']);
    for (const bad of ['ab', ' ab ', 'x'.repeat(31)])
      expect(issuesOf(nameSchema, bad)).toEqual([': Name_Length_Error']);
    expect(parseOk(nameSchema, '  Ann ')).toBe('Ann');
    expect(issuesOf(nameSchema, 'x'.repeat(30))).toEqual([]);
  });
});

describe('forms', () => {
  it('sign-in form', () => {
    expect(issuesOf(signInFormSchema, { email: '', password: '' })).toEqual([
      'email: Email_Error',
      'password: Password_Error',
    ]);
    expect(issuesOf(signInFormSchema, { email: 'a@b.de', password: 'secret' })).toEqual([]);
  });

  it('registration form: confirmpassword required and equal', () => {
    const form = { name: 'Anna', email: 'anna@example.com', password: 'secret1', confirmpassword: 'secret1' };
    expect(issuesOf(registrationFormSchema, form)).toEqual([]);
    expect(issuesOf(registrationFormSchema, { ...form, confirmpassword: '' })).toEqual([
      'confirmpassword: Password_Error',
    ]);
    expect(issuesOf(registrationFormSchema, { ...form, confirmpassword: 'secret2' })).toEqual([
      'confirmpassword: Match_Password_Text',
    ]);
    expect(keysAt(registrationFormSchema, { ...form, name: 'An' }, 'name')).toEqual(['Name_Length_Error']);
    // A missing name does not hide the mismatch (both show on blur).
    expect(issuesOf(registrationFormSchema, { ...form, name: '', confirmpassword: 'other' })).toEqual([
      'name: Name_Error',
      'confirmpassword: Match_Password_Text',
    ]);
  });

  it('registration code step', () => {
    const plain = registrationCodeFormSchema({ tracker: false });
    const tracker = registrationCodeFormSchema({ tracker: true });
    const empty = { activation_code: '', gps_tracker_id: '' };
    expect(keysAt(plain, { ...empty, code_choice: null }, 'code_choice')).toEqual(['No_Code']);
    expect(issuesOf(plain, { ...empty, code_choice: 'no' })).toEqual([]);
    expect(issuesOf(plain, { ...empty, code_choice: 'without' })).toEqual([]);
    expect(issuesOf(plain, { ...empty, code_choice: 'yes' })).toEqual(['activation_code: No_Code']);
    expect(issuesOf(plain, { ...empty, code_choice: 'yes', activation_code: ' AB12 ' })).toEqual([]);
    expect(issuesOf(tracker, { ...empty, code_choice: 'yes' })).toEqual([
      'activation_code: No_Code',
      'gps_tracker_id: GPS_Tracker_Id',
    ]);
    expect(issuesOf(tracker, { code_choice: 'yes', activation_code: 'AB12', gps_tracker_id: '  ' })).toEqual([
      'gps_tracker_id: GPS_Tracker_Id',
    ]);
  });

  it('codes are checked only when longer than 1 character', () => {
    expect(isCheckableCode('A')).toBe(false);
    expect(isCheckableCode(' A ')).toBe(false);
    expect(isCheckableCode('AB')).toBe(true);
  });

  it('forgot password form', () => {
    expect(issuesOf(forgotPasswordFormSchema, { email: '' })).toEqual(['email: Email_Error']);
    expect(issuesOf(forgotPasswordFormSchema, { email: 'x' })).toEqual(['email: Email_Format_Error']);
  });

  it('change password form', () => {
    const form = { oldpassword: 'oldpass', newpassword: 'newpass', confirmpassword: 'newpass' };
    expect(issuesOf(changePasswordFormSchema, form)).toEqual([]);
    expect(
      issuesOf(changePasswordFormSchema, { oldpassword: '', newpassword: '', confirmpassword: '' }),
    ).toEqual([
      'oldpassword: Password_Error',
      'newpassword: Password_Error',
      'confirmpassword: Password_Error',
    ]);
    expect(keysAt(changePasswordFormSchema, { ...form, newpassword: 'short' }, 'newpassword')).toEqual([
      'Password_Length_Error',
    ]);
    expect(keysAt(changePasswordFormSchema, { ...form, newpassword: 'y'.repeat(31) }, 'newpassword')).toEqual(
      ['Max_Length_Error'],
    );
    expect(
      keysAt(changePasswordFormSchema, { ...form, confirmpassword: 'oldpass' }, 'confirmpassword'),
    ).toEqual(['Match_Password_Text']);
  });

  it('activation form', () => {
    const plain = activationFormSchema({ tracker: false });
    expect(issuesOf(plain, { emergency_code: ' ', gps_tracker_id: '' })).toEqual([
      'emergency_code: Activation_Code_Text_Required',
    ]);
    expect(parseOk(plain, { emergency_code: ' CODE ', gps_tracker_id: '' }).emergency_code).toBe('CODE');
    const tracker = activationFormSchema({ tracker: true });
    expect(keysAt(tracker, { emergency_code: 'CODE', gps_tracker_id: '' }, 'gps_tracker_id')).toEqual([
      'GPS_Tracker_ID_Required',
    ]);
    const registered = activationFormSchema({ tracker: true, trackersRegistered: true });
    expect(issuesOf(registered, { emergency_code: 'CODE', gps_tracker_id: '' })).toEqual([]);
    expect(registeredTrackerIdsText(['T1', 'T2'])).toBe('T1,T2');
  });

  it('activation form to verifycode body', () => {
    expect(activationFormToVerifyCodeBody({ emergency_code: 'C', gps_tracker_id: ' T1 ' }, [])).toEqual({
      code: 'C',
      tracker_ids: ['T1'],
    });
    expect(activationFormToVerifyCodeBody({ emergency_code: 'C', gps_tracker_id: 'T1' }, ['T1'])).toEqual({
      code: 'C',
    });
    expect(activationFormToVerifyCodeBody({ emergency_code: 'C', gps_tracker_id: '' }, [])).toEqual({
      code: 'C',
    });
  });
});

describe('calls', () => {
  const signup = {
    name: 'Anna',
    email: 'anna@example.com',
    password: 'secret1',
    activation_code: null,
    tracker_ids: [],
    language: 'de',
    product_associated: 'no',
  };

  it('signup body', () => {
    expect(parseOk(signupBodySchema, signup)).toEqual(signup);
    const { activation_code: _a, tracker_ids: _t, ...minimal } = signup;
    expect(parseOk(signupBodySchema, minimal)).toEqual(signup);
    expect(keysAt(signupBodySchema, { ...signup, language: 'English' }, 'language')).toHaveLength(1);
    expect(
      keysAt(signupBodySchema, { ...signup, product_associated: 'maybe' }, 'product_associated'),
    ).toHaveLength(1);
    expect(keysAt(signupBodySchema, { ...signup, product_associated: 'yes' }, 'activation_code')).toEqual([
      'Activation_Code_Text_Required',
    ]);
    expect(
      issuesOf(signupBodySchema, {
        ...signup,
        product_associated: 'yes',
        activation_code: 'C1',
        tracker_ids: ['T1'],
      }),
    ).toEqual([]);
    expect(keysAt(signupBodySchema, { ...signup, password: '123' }, 'password')).toEqual([
      'Password_Length_Error',
    ]);
  });

  it('toSignupBody maps the registration state', () => {
    const form = { name: 'Anna', email: 'anna@example.com', password: 'secret1', confirmpassword: 'secret1' };
    const body = toSignupBody({
      form,
      codeChoice: 'yes',
      activationCode: ' C1 ',
      trackerId: 'T1',
      language: 'en',
    });
    expect(body).toEqual({
      name: 'Anna',
      email: 'anna@example.com',
      password: 'secret1',
      activation_code: 'C1',
      tracker_ids: ['T1'],
      language: 'en',
      product_associated: 'yes',
    });
    expect(body).not.toHaveProperty('confirmpassword');
    expect(issuesOf(signupBodySchema, body)).toEqual([]);
    const without = toSignupBody({ form, codeChoice: 'without', activationCode: 'ignored', language: 'de' });
    expect(without.activation_code).toBeNull();
    expect(without.tracker_ids).toEqual([]);
  });

  it('code check body and answer', () => {
    expect(parseOk(codeCheckBodySchema, { code: ' AB ' })).toEqual({ code: 'AB' });
    expect(keysAt(codeCheckBodySchema, { code: 'A' }, 'code')).toEqual(['Invalid_Code']);
    expect(issuesOf(codeCheckBodySchema, { code: 'AB', tracker_id: 'T1' })).toEqual([]);
    expect(issuesOf(codeCheckResponseSchema, { isvalid: false, message: 'CODE IS INVALID' })).toEqual([]);
    expect(
      issuesOf(codeCheckResponseSchema, { isvalid: true, message: 'CODE IS VALID', product: null }),
    ).toEqual([]);
    expect(issuesOf(codeCheckResponseSchema, { isvalid: 'yes', message: '' })).toHaveLength(1);
  });

  it('verifycode body', () => {
    expect(keysAt(verifyCodeBodySchema, { code: '' }, 'code')).toEqual(['Activation_Code_Text_Required']);
    expect(parseOk(verifyCodeBodySchema, { code: 'C', tracker_ids: ['T1'] })).toEqual({
      code: 'C',
      tracker_ids: ['T1'],
    });
  });

  it('verification mail and password reset bodies', () => {
    expect(parseOk(sendVerificationEmailBodySchema, { url: 'https://portal.example/' })).toEqual({
      url: 'https://portal.example/',
      handle_code_in_app: false,
      android_minimum_version: '12',
    });
    expect(issuesOf(sendVerificationEmailBodySchema, { url: 'not a url' })).toHaveLength(1);
    expect(parseOk(passwordResetBodySchema, { email: ' a@b.de', url: 'https://portal.example/' })).toEqual({
      email: 'a@b.de',
      url: 'https://portal.example/',
      handle_code_in_app: false,
    });
    expect(keysAt(passwordResetBodySchema, { email: '', url: 'https://x.de' }, 'email')).toEqual([
      'Email_Error',
    ]);
  });
});
