import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from '@/lib/i18n-react';
import { FormElement } from '@/components/FormElement';
import { useSearchParams } from '@/lib/router';
import {
  NAME_MAX_LENGTH,
  Status,
  codeCheckMessageKey,
  isCheckableCode,
  registrationCodeFormSchema,
  registrationFormSchema,
  toSignupBody,
  type CodeChoice,
  type Product,
  type RegistrationCodeForm,
  type RegistrationForm,
} from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf, isApiError } from '@/lib/api-client';
import { useBrand } from '@/lib/brand';
import { shareAcceptPath } from '@/lib/paths';
import { useCheckCodeMutation } from '../api/check-code';
import { useSignInWithEmailMutation } from '../api/sign-in-email';
import { useSignupMutation } from '../api/signup';
import { useCompleteSignIn } from '../sign-in-flow';
import { AuthFrame, AuthHeading, FailureAlert, type Failure } from './AuthFrame';
import { EmailField, FormTextField } from './FormTextField';
import { IdentityForm, SubmitButton } from './IdentityForm';
import { NewPasswordFields } from './PasswordField';
import { RegisterThankYou } from './RegisterThankYou';
import { WallpaperContent } from './WallpaperContent';

export const ORDERED_STATUS = 'successfully-ordered';

/** The code that passed the check (fields appear), and what it activates. */
interface CheckedCode {
  code: string;
  trackerId: string;
  product: Product | null;
}

const CHOICE_LABEL_KEYS: Record<CodeChoice, string> = {
  yes: 'identity.register.choiceYes',
  no: 'identity.register.choiceNo',
  without: 'identity.register.choiceWithout',
};

/** Where a field the server names lives on this screen. */
const CODE_FIELDS: Record<string, keyof RegistrationCodeForm> = {
  activation_code: 'activation_code',
  tracker_ids: 'gps_tracker_id',
};
const CODE_STATUSES: ReadonlySet<number> = new Set([
  Status.CodeAlreadyRedeemed,
  Status.CodeAlreadyRedeemedAlt,
  Status.WrongCodeOrNoUser,
  Status.ProductNotAttached,
  Status.SubscriptionExpired,
  Status.BatchCodeDoesNotExist,
]);

/**
 * /register, step 0 (account-area sections 2, 5, 8): the code choice (yes, no, without; the brand
 * decides which), the activation code (and GPS tracker id in the tracker brand) checked on OK,
 * then name, e-mail, password and confirmation; step 1 is the thank-you screen.
 */
export function RegisterScreen() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const tracker = brand.tracker.enabled;
  const [params] = useSearchParams();
  const ordered = params.get('status') === ORDERED_STATUS;
  const queryEmail = params.get('email')?.trim() ?? '';
  // From a share invitation's link (issue 35): no code; the account is created verified and the
  // new user is signed in and sent back to the invitation.
  const invitation = params.get('invitation')?.trim() ?? '';
  const invited = invitation !== '';
  const signIn = useSignInWithEmailMutation();
  const completeSignIn = useCompleteSignIn();

  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [checkedCode, setChecked] = useState<CheckedCode | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const checkCode = useCheckCodeMutation();
  const signup = useSignupMutation();

  const codeForm = useForm<RegistrationCodeForm>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver: zodResolver(registrationCodeFormSchema({ tracker })) as Resolver<RegistrationCodeForm>,
    defaultValues: {
      // A paid order needs no code: the fields show at once.
      code_choice: ordered ? 'no' : null,
      activation_code: '',
      gps_tracker_id: '',
    },
  });
  const form = useForm<RegistrationForm>({
    mode: 'onTouched',
    resolver: zodResolver(registrationFormSchema) as Resolver<RegistrationForm>,
    defaultValues: { name: '', email: queryEmail, password: '', confirmpassword: '' },
  });

  const choice = useWatch({ control: codeForm.control, name: 'code_choice' }) ?? null;
  const code = useWatch({ control: codeForm.control, name: 'activation_code' });
  const trackerId = useWatch({ control: codeForm.control, name: 'gps_tracker_id' });
  // A changed code or tracker id must be checked again.
  const checked =
    checkedCode && checkedCode.code === code.trim() && checkedCode.trackerId === trackerId.trim()
      ? checkedCode
      : null;
  const fieldsVisible =
    invited || choice === 'no' || choice === 'without' || (choice === 'yes' && checked !== null);

  const onCheck = codeForm.handleSubmit(async (values) => {
    setFailure(null);
    // Where the focus was when OK was pressed (the code field: FormElement keeps it there).
    const focusAtCheck = document.activeElement;
    const enteredCode = values.activation_code.trim();
    const enteredTracker = values.gps_tracker_id.trim();
    if (!isCheckableCode(enteredCode)) {
      codeForm.setError('activation_code', { message: 'Invalid_Code' }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await checkCode.mutateAsync({
        code: enteredCode,
        ...(tracker && enteredTracker ? { tracker_id: enteredTracker } : {}),
      });
      if (answer.isvalid) {
        setChecked({ code: enteredCode, trackerId: enteredTracker, product: answer.product ?? null });
        // The fields appear (300 ms); the name is the next thing to fill in. Move the focus there
        // only if the user has not put it somewhere else meanwhile.
        setTimeout(() => {
          const active = document.activeElement;
          if (!active || active === document.body || active === focusAtCheck) form.setFocus('name');
        }, 300);
        return;
      }
      const key = codeCheckMessageKey(answer.message);
      const field = key === 'Invalid_GPS_id' && tracker ? 'gps_tracker_id' : 'activation_code';
      codeForm.setError(field, { message: key }, { shouldFocus: true });
    } catch (error) {
      if (isApiError(error) && error.status === Status.BadRequest) {
        codeForm.setError('activation_code', { message: 'Invalid_Code' }, { shouldFocus: true });
        if (tracker) codeForm.setError('gps_tracker_id', { message: 'Invalid_GPS_id' });
        return;
      }
      if (isApiError(error) && error.status === Status.Conflict && tracker) {
        codeForm.setError('gps_tracker_id', { message: 'GPS_Tracker_Already_Exist' }, { shouldFocus: true });
        return;
      }
      setFailure({ key: errorKeyOf(error) });
    }
  });

  const onRegister = form.handleSubmit(async (values) => {
    setFailure(null);
    // Invited: no code, whatever the brand offers besides one.
    const codeChoice = invited ? (brand.codeChoices.find((value) => value !== 'yes') ?? 'no') : choice;
    if (!codeChoice) return;
    try {
      const body = toSignupBody({
        form: values,
        codeChoice,
        activationCode: codeChoice === 'yes' ? (checked?.code ?? null) : null,
        trackerId: codeChoice === 'yes' ? (checked?.trackerId ?? null) : null,
        language: i18n.language === 'en' ? 'en' : 'de',
      });
      // The browser's zone becomes the account's (issue 36): reminders and doses follow it.
      const zoned = { ...body, time_zone: browserTimeZone() };
      await signup.mutateAsync(invited ? { ...zoned, invitation_token: invitation } : zoned);
      if (invited && (await signInInvited(values.email, values.password))) return;
      setRegisteredEmail(values.email);
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (!isApiError(error)) {
        setFailure({ key: errorKeyOf(error) });
        return;
      }
      const field = error.field;
      if (field && field in CODE_FIELDS) {
        codeForm.setError(CODE_FIELDS[field]!, { message: error.key });
        setFailure({ key: error.key });
        return;
      }
      if (field === 'name' || field === 'email' || field === 'password') {
        form.setError(field, { message: error.key }, { shouldFocus: true });
        return;
      }
      if (error.key === 'User_Already_Exists') {
        form.setError('email', { message: error.key }, { shouldFocus: true });
        return;
      }
      if (CODE_STATUSES.has(error.status)) codeForm.setError('activation_code', { message: error.key });
      setFailure({ key: error.key });
    }
  });

  /** The invited account is verified: sign in and back to the invitation (false: it did not work). */
  async function signInInvited(email: string, password: string): Promise<boolean> {
    try {
      await signIn.mutateAsync({ email, password });
      return (await completeSignIn(shareAcceptPath(invitation))) === 'done';
    } catch {
      return false;
    }
  }

  if (registeredEmail) return <RegisterThankYou email={registeredEmail} />;

  return (
    <AuthFrame
      wallpaper={
        <WallpaperContent
          title={t('identity.register.wallpaperTitle')}
          text={t('identity.register.wallpaperText')}
          steps={[
            t('identity.register.step1'),
            t('identity.register.step2'),
            t('identity.register.step3'),
            t('identity.register.step4'),
          ]}
        />
      }
    >
      <AuthHeading title={t('route.register')} subtitle={t('identity.register.subtitle')} />
      {ordered ? (
        <Alert severity="success" icon={<CheckCircleOutlineIcon />} role="note" sx={{ mb: 3 }}>
          {t('identity.register.ordered')}
        </Alert>
      ) : null}
      {invited ? (
        <Alert severity="info" role="note" sx={{ mb: 3 }}>
          {t('identity.register.invited')}
        </Alert>
      ) : null}
      <FailureAlert failure={failure} />

      {!ordered && !invited ? (
        <FormElement onSubmit={(event) => void onCheck(event)} sx={{ mb: 3 }}>
          <Controller
            control={codeForm.control}
            name="code_choice"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)} component="fieldset" sx={{ width: '100%' }}>
                <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
                  {t('identity.register.choiceQuestion')}
                </FormLabel>
                <RadioGroup
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={(event) => {
                    field.onChange(event.target.value as CodeChoice);
                    codeForm.clearErrors();
                    setFailure(null);
                  }}
                >
                  {brand.codeChoices.map((value) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={
                        <Radio
                          slotProps={{ input: value === brand.codeChoices[0] ? { ref: field.ref } : {} }}
                        />
                      }
                      label={t(CHOICE_LABEL_KEYS[value])}
                    />
                  ))}
                </RadioGroup>
                {fieldState.error?.message ? (
                  <FormHelperText>{t(fieldState.error.message)}</FormHelperText>
                ) : null}
              </FormControl>
            )}
          />

          <Collapse in={choice === 'yes'} unmountOnExit>
            <Stack spacing={2} sx={{ pt: 2 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
                <FormTextField
                  control={codeForm.control}
                  name="activation_code"
                  label={t('identity.fields.activationCode')}
                  autoComplete="off"
                  required
                />
                {tracker ? (
                  <FormTextField
                    control={codeForm.control}
                    name="gps_tracker_id"
                    label={t('identity.fields.trackerId')}
                    autoComplete="off"
                    required
                  />
                ) : null}
              </Stack>
              {checked ? (
                <Alert severity="success" role="status">
                  {checked.product
                    ? t('identity.register.codeValidProduct', { product: checked.product.name })
                    : t('identity.register.codeValid')}
                </Alert>
              ) : (
                <Box>
                  <SubmitButton
                    pending={checkCode.isPending}
                    variant="outlined"
                    spinnerSize={16}
                    sx={{ minWidth: 120 }}
                  >
                    {t('identity.register.checkCode')}
                  </SubmitButton>
                </Box>
              )}
            </Stack>
          </Collapse>
        </FormElement>
      ) : null}

      {!ordered && !invited && !checked?.product ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={(theme) => ({
            alignItems: 'flex-start',
            p: 2,
            mb: 3,
            borderRadius: 3,
            bgcolor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.07)`,
          })}
        >
          <StorefrontOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Box>
            <Typography variant="body2">{t('identity.register.productsText')}</Typography>
            <Link
              href={brand.marketing.prices}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
            >
              {t('identity.register.products')}
              <OpenInNewIcon sx={{ fontSize: 16 }} aria-hidden />
            </Link>
          </Box>
        </Stack>
      ) : null}

      <Collapse in={fieldsVisible}>
        <IdentityForm onSubmit={onRegister}>
          <FormTextField
            control={form.control}
            name="name"
            label={t('identity.fields.name')}
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            required
          />
          <EmailField control={form.control} name="email" autoComplete="email" />
          <NewPasswordFields
            form={form}
            password="password"
            confirmation="confirmpassword"
            passwordLabel={t('identity.fields.password')}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <Trans
              i18nKey="identity.register.consent"
              components={{
                terms: <Link href={brand.marketing.conditions} target="_blank" rel="noopener noreferrer" />,
                privacy: (
                  <Link href={brand.marketing.dataProtection} target="_blank" rel="noopener noreferrer" />
                ),
              }}
            />
          </Typography>
          <SubmitButton pending={signup.isPending || signIn.isPending} size="large" fullWidth>
            {t('identity.register.submit')}
          </SubmitButton>
        </IdentityForm>
      </Collapse>

      <Typography variant="body2" sx={{ mt: 4, textAlign: 'center', color: 'text.secondary' }}>
        {t('identity.register.haveAccount')}{' '}
        <Link
          component={RouterLink}
          to={
            invited
              ? `/signin?continueUrl=${encodeURIComponent(shareAcceptPath(invitation))}&email=${encodeURIComponent(queryEmail)}`
              : '/signin'
          }
          sx={{ fontWeight: 600 }}
        >
          {t('identity.register.login')}
        </Link>
      </Typography>
    </AuthFrame>
  );
}

/** The browser's IANA zone, or nothing (the server then keeps its default). */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
