import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MedicalInformationOutlinedIcon from '@mui/icons-material/MedicalInformationOutlined';
import PetsIcon from '@mui/icons-material/Pets';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { SIGN_IN_VERIFIED_PARAM, type SignInForm } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf } from '@/lib/api-client';
import { useBrand, usePublicConfig } from '@/lib/brand';
import {
  SIGN_IN_FINISH_PARAM,
  SIGN_IN_TOKEN_PARAM,
  clearSignedOutReason,
  signedOutReasonKey,
} from '@/lib/session';
import { isIdentityError, WRONG_PLATFORM_CODE } from '../api/identity-request';
import { useSignInWithEmailMutation } from '../api/sign-in-email';
import { useStartGoogleSignInMutation } from '../api/sign-in-google';
import { useRequestMagicLinkMutation } from '../api/sign-in-magic-link';
import { signOut } from '../api/sign-out';
import { verifyOneTimeToken } from '../api/verify-one-time-token';
import { checkEmail, type SignInMode } from '../sign-in-checks';
import { safeContinueUrl, useCompleteSignIn, useForgetCachedUser } from '../sign-in-flow';
import { useSignInForm } from '../use-sign-in-form';
import { AppDownloadBlock } from './AppDownloadBlock';
import { AuthFrame, AuthHeading, FailureAlert, MarketingLinks, type Failure } from './AuthFrame';
import { IdentityForm, SubmitButton } from './IdentityForm';
import { usePasswordVisibility } from './PasswordVisibility';
import { emailFieldLook, TextFieldView } from './TextFieldView';
import { GoogleButton } from './GoogleButton';
import { WallpaperContent } from './WallpaperContent';

type Mode = SignInMode;

/** Fetched when an unverified address first needs it: a first visit does not download the dialog. */
const EmailVerifyDialog = lazy(async () => ({
  default: (await import('./EmailVerifyDialog')).EmailVerifyDialog,
}));

/** What a failed sign-in (an error or its key) shows (section 8); the ban carries the admin's message. */
export function signInFailure(error: unknown): Failure {
  const key = typeof error === 'string' ? error : errorKeyOf(error);
  if (key === 'Account_Disabled') return { key, detailKey: 'Access_Revoked_Text' };
  return { key };
}

/** The `error` a magic link or Google sends the browser back with (/signin?error=CODE). */
export function redirectFailure(code: string): Failure {
  const upper = code.toUpperCase();
  if (upper === WRONG_PLATFORM_CODE) return { key: 'User_Does_Not_Exist_On_This_Platform' };
  if (upper.includes('BANNED')) return { key: 'Account_Disabled', detailKey: 'Access_Revoked_Text' };
  if (upper.includes('TOKEN') || upper.includes('EXPIRED')) return { key: 'identity.signIn.linkInvalid' };
  if (upper.includes('SIGNUP_DISABLED') || upper.includes('USER_NOT_FOUND')) return { key: 'No_User_Found' };
  // Google found an account with the address that it may not take over (not verified yet).
  if (upper === 'ACCOUNT_NOT_LINKED') return { key: 'identity.signIn.accountNotLinked' };
  return { key: 'Sign_In_Failed' };
}

/** Absolute URL on this origin (the identity service redirects there). */
function onThisOrigin(path: string): string {
  return `${window.location.origin}${path}`;
}

function finishPath(continueUrl: string | null): string {
  const params = new URLSearchParams({ [SIGN_IN_FINISH_PARAM]: '1' });
  if (continueUrl) params.set('continueUrl', continueUrl);
  return `/signin?${params.toString()}`;
}

/**
 * /signin (account-area sections 2, 4, 5, 8): e-mail and password (validated on blur), show-password
 * toggle, forgot-password link with the typed e-mail, magic link, Google (when configured), the
 * register link (unless the brand hides it), marketing links, the tracker brand's app block.
 * Also completes the hand-overs: ?token= (custom-token sign-in) and ?finish=1 (back from a magic
 * link or Google), and shows ?error= of those redirects.
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const brand = useBrand();
  const config = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const continueUrl = safeContinueUrl(params.get('continueUrl'));
  const token = params.get(SIGN_IN_TOKEN_PARAM);
  // A link that failed comes back with ?error= instead of a session: show the error, finish nothing.
  const finishing = params.has(SIGN_IN_FINISH_PARAM) && !params.has('error');
  const completeSignIn = useCompleteSignIn();
  const forgetCachedUser = useForgetCachedUser();
  const signIn = useSignInWithEmailMutation();
  const magicLink = useRequestMagicLinkMutation();
  const google = useStartGoogleSignInMutation();

  const [mode, setMode] = useState<Mode>('password');
  const [failure, setFailure] = useState<Failure | null>(() => {
    const code = params.get('error');
    if (code) return redirectFailure(code);
    const reason = signedOutReasonKey();
    return reason ? signInFailure(reason) : null;
  });
  const [completing, setCompleting] = useState(false);
  const [handingOver, setHandingOver] = useState(Boolean(token) || finishing);
  const [magicSentTo, setMagicSentTo] = useState<string | null>(null);
  // Back from the verification link: the address is verified, and the link signed nobody in.
  const [verified] = useState(() => params.has(SIGN_IN_VERIFIED_PARAM) && !params.has('error'));
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // Kept mounted once shown, so closing it animates.
  const [verifyDialogUsed, setVerifyDialogUsed] = useState(false);
  if (unverifiedEmail !== null && !verifyDialogUsed) setVerifyDialogUsed(true);
  const handoverStarted = useRef(false);

  // ?email= prefills the address (a share invitation's link sends its invited address).
  const form = useSignInForm(mode, params.get('email')?.trim() ?? '');
  const passwordVisibility = usePasswordVisibility();
  const validEmail = checkEmail(form.values.email);
  const forgotTo = validEmail.ok
    ? `/forgot-password?email=${encodeURIComponent(validEmail.value)}`
    : '/forgot-password';

  // The URL's error (from a redirect) and the reason of the last sign-out are shown once.
  useEffect(() => clearSignedOutReason(), []);
  useEffect(() => {
    if (!params.has('error')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

  // Hand-overs: a one-time token, or a session the browser brought back from a redirect.
  useEffect(() => {
    if (handoverStarted.current || (!token && !finishing)) return;
    handoverStarted.current = true;
    const dropHandoverParams = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(SIGN_IN_TOKEN_PARAM);
          next.delete(SIGN_IN_FINISH_PARAM);
          return next;
        },
        { replace: true },
      );
    void (async () => {
      try {
        if (token) {
          forgetCachedUser();
          await verifyOneTimeToken(token);
        }
        const outcome = await completeSignIn(continueUrl);
        if (outcome === 'unverified') {
          setFailure({ key: token ? 'identity.signIn.tokenInvalid' : 'Sign_In_Failed' });
          dropHandoverParams();
          setHandingOver(false);
        }
      } catch (error) {
        const failed = signInFailure(error);
        setFailure(
          token && isIdentityError(error) && error.status === 400
            ? { key: 'identity.signIn.tokenInvalid' }
            : failed,
        );
        dropHandoverParams();
        setHandingOver(false);
      }
    })();
  }, [completeSignIn, continueUrl, finishing, forgetCachedUser, setParams, token]);

  const busy = signIn.isPending || completing || magicLink.isPending || google.isPending;

  const submitPassword = async (values: SignInForm) => {
    setFailure(null);
    setMagicSentTo(null);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      if (isIdentityError(error) && error.key === 'Email_Verify_Failed') {
        // Section 8: sign out, then the alert.
        await signOut().catch(() => undefined);
        setUnverifiedEmail(values.email);
        return;
      }
      setFailure(signInFailure(error));
      return;
    }
    setCompleting(true);
    try {
      const outcome = await completeSignIn(continueUrl);
      if (outcome === 'unverified') {
        await signOut().catch(() => undefined);
        setUnverifiedEmail(values.email);
      }
    } catch (error) {
      setFailure(signInFailure(error));
    } finally {
      setCompleting(false);
    }
  };

  const submitMagicLink = async (values: Pick<SignInForm, 'email'>) => {
    setFailure(null);
    setMagicSentTo(null);
    try {
      await magicLink.mutateAsync({
        email: values.email,
        callbackURL: onThisOrigin(finishPath(continueUrl)),
        errorCallbackURL: onThisOrigin('/signin'),
      });
      setMagicSentTo(values.email);
    } catch (error) {
      setFailure(signInFailure(error));
    }
  };

  const startGoogle = async () => {
    setFailure(null);
    try {
      const { url } = await google.mutateAsync({
        callbackURL: onThisOrigin(finishPath(continueUrl)),
        errorCallbackURL: onThisOrigin('/signin'),
      });
      window.location.assign(url);
    } catch (error) {
      setFailure(signInFailure(error));
    }
  };

  const onSubmit = form.handleSubmit((values) =>
    mode === 'magic' ? submitMagicLink(values) : submitPassword(values),
  );

  const switchMode = (next: Mode) => {
    setMode(next);
    setFailure(null);
    setMagicSentTo(null);
    form.clearErrors();
  };

  if (handingOver) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 360, textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress aria-hidden />
          <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
            {t('identity.signIn.signingIn')}
          </Typography>
        </Stack>
      </Box>
    );
  }

  const showAlternatives = config.identity.google || config.identity.magicLink;

  return (
    <>
      <MarketingLinks current="login" />
      <AuthFrame
        wallpaper={
          <WallpaperContent
            title={t('identity.wallpaper.title')}
            text={t('identity.wallpaper.text')}
            points={[
              { Icon: PetsIcon, text: t('identity.wallpaper.pointPets') },
              { Icon: MedicalInformationOutlinedIcon, text: t('identity.wallpaper.pointMedical') },
              { Icon: EventNoteOutlinedIcon, text: t('identity.wallpaper.pointReminders') },
            ]}
          />
        }
      >
        <AuthHeading
          title={t('route.signin')}
          subtitle={t('identity.signIn.subtitle', { brand: brand.name })}
        />
        <FailureAlert failure={failure} />
        {verified && !failure && !magicSentTo ? (
          <Alert severity="success" sx={{ mb: 3 }}>
            {t('identity.signIn.emailVerified')}
          </Alert>
        ) : null}
        {magicSentTo ? (
          <Alert severity="success" sx={{ mb: 3 }}>
            {t('identity.signIn.magicSent', { email: magicSentTo })}
          </Alert>
        ) : null}

        <IdentityForm onSubmit={onSubmit}>
          <TextFieldView
            {...emailFieldLook(t('identity.fields.email'))}
            {...form.field('email')}
            autoComplete="username"
          />
          {mode === 'password' ? (
            <Box>
              <TextFieldView
                {...form.field('password')}
                {...passwordVisibility}
                label={t('identity.fields.password')}
                autoComplete="current-password"
                required
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <Link component={RouterLink} to={forgotTo} variant="body2" sx={{ fontWeight: 600 }}>
                  {t('identity.signIn.forgot')}
                </Link>
              </Box>
            </Box>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('identity.signIn.magicExplained')}
            </Typography>
          )}
          {/* Google's redirect in flight disables the button without its spinner. */}
          <SubmitButton
            pending={signIn.isPending || completing || magicLink.isPending}
            disabled={busy}
            size="large"
            fullWidth
          >
            {mode === 'magic' ? t('identity.signIn.sendMagicLink') : t('identity.signIn.submit')}
          </SubmitButton>
        </IdentityForm>

        {showAlternatives ? (
          <>
            <Divider sx={{ my: 3, color: 'text.secondary', typography: 'body2' }}>{t('identity.or')}</Divider>
            <Stack spacing={1.5}>
              {config.identity.google ? (
                <GoogleButton busy={google.isPending} disabled={busy} onClick={() => void startGoogle()} />
              ) : null}
              {config.identity.magicLink ? (
                <Button
                  variant="outlined"
                  color="inherit"
                  size="large"
                  fullWidth
                  startIcon={mode === 'password' ? <LinkIcon /> : <LockOutlinedIcon />}
                  disabled={busy}
                  onClick={() => switchMode(mode === 'password' ? 'magic' : 'password')}
                  sx={{ borderColor: 'divider', '&:hover': { borderColor: 'text.secondary' } }}
                >
                  {mode === 'password' ? t('identity.signIn.useMagicLink') : t('identity.signIn.usePassword')}
                </Button>
              ) : null}
            </Stack>
          </>
        ) : null}

        {brand.showRegisterLink ? (
          <Typography variant="body2" sx={{ mt: 4, textAlign: 'center', color: 'text.secondary' }}>
            {t('identity.signIn.noAccount')}{' '}
            <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
              {t('identity.signIn.register')}
            </Link>
          </Typography>
        ) : null}
      </AuthFrame>
      {brand.tracker.appDownloadBlock ? <AppDownloadBlock /> : null}
      {verifyDialogUsed ? (
        <Suspense fallback={null}>
          <EmailVerifyDialog email={unverifiedEmail} onClose={() => setUnverifiedEmail(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
