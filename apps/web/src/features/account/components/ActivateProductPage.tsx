import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { FormElement } from '@/components/FormElement';
import {
  activationFormSchema,
  activationFormToVerifyCodeBody,
  registeredTrackerIdsText,
  type ActivationForm,
} from '@pet/contract';
import { PageTitle } from '@/components/PageTitle';
import { useBrand } from '@/lib/brand';
import { useSuccessHomePath } from '@/lib/mobile-embedding';
import { useNotify } from '@/lib/notifications';
import { activationRequired, useProductVisibility } from '@/lib/product-visibility';
import { useSessionStore, useSignedInUser } from '@/lib/session';
import { useVerifyCode } from '@/features/account/api/verify-code';
import { activationFailure, type ActivationFailure } from './activation-errors';

const externalLink = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * /my-account/activate-product (account-area sections 2, 4, 5, 8). The tracker brand asks for the
 * activation code and the GPS tracker id (read-only, prefilled with the registered ids when there
 * are some); the others for the code alone, with links to the prices and, without a code, to the
 * products. Send is disabled while sending or while nothing was entered. Success (a product in the
 * answer) shows the full layout again (donthide), reloads the user and goes home; every failure
 * shows its catalogue text, 470 as a link to the customer service.
 */
export function ActivateProductPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const user = useSignedInUser();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSessionStore();
  const homePath = useSuccessHomePath(user.id);
  const { setState: setVisibility } = useProductVisibility();
  const verify = useVerifyCode();
  const [failure, setFailure] = useState<ActivationFailure | null>(null);

  const tracker = brand.tracker.enabled;
  const trackersRegistered = user.tracker_ids.length > 0;
  const mustActivate = activationRequired(brand, user);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ActivationForm>({
    resolver: zodResolver(activationFormSchema({ tracker, trackersRegistered })),
    mode: 'onTouched',
    defaultValues: {
      emergency_code: '',
      gps_tracker_id: trackersRegistered ? registeredTrackerIdsText(user.tracker_ids) : '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Any 2xx (200, 201, or an answer with the product) is a success; 204 arrives as an error.
      await verify.mutateAsync(activationFormToVerifyCodeBody(values, user.tracker_ids));
      setVisibility('donthide');
      await session.invalidate();
      notify.success('Success_Message_Product_Activation');
      await navigate(homePath, { replace: true });
    } catch (error) {
      const result = activationFailure(error);
      if (
        result.field === 'emergency_code' ||
        (result.field === 'gps_tracker_id' && tracker && !trackersRegistered)
      ) {
        setError(result.field, { message: result.key });
      } else {
        setFailure(result);
      }
    }
  });

  const fieldError = (field: keyof ActivationForm) =>
    errors[field]?.message ? t(errors[field].message) : undefined;

  return (
    <>
      <PageTitle
        title={title}
        subtitle={t(tracker ? 'account.activation.subtitleTracker' : 'account.activation.subtitle')}
      />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('account.activation.currentPlan')}
            </Typography>
            <Chip
              icon={<WorkspacePremiumOutlinedIcon />}
              label={user.product?.name ?? t('account.profile.noPlan')}
              color="primary"
              variant="outlined"
              size="small"
              data-testid="current-plan"
            />
          </Stack>

          <FormElement onSubmit={onSubmit} aria-label={title}>
            <Stack spacing={2.5}>
              <TextField
                {...register('emergency_code')}
                label={t('account.activation.code')}
                required
                fullWidth
                autoComplete="off"
                autoFocus={!mustActivate}
                error={Boolean(errors.emergency_code)}
                helperText={fieldError('emergency_code') ?? t('account.activation.codeHelper')}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
              />
              {tracker ? (
                <TextField
                  {...register('gps_tracker_id')}
                  label={t('account.activation.trackerId')}
                  required={!trackersRegistered}
                  fullWidth
                  autoComplete="off"
                  error={Boolean(errors.gps_tracker_id)}
                  helperText={
                    fieldError('gps_tracker_id') ??
                    t(
                      trackersRegistered
                        ? 'account.activation.trackerRegistered'
                        : 'account.activation.trackerHelper',
                    )
                  }
                  slotProps={{ input: { readOnly: trackersRegistered } }}
                />
              ) : null}

              {failure ? (
                <Alert severity="error" role="alert" data-testid="activation-error">
                  {t(failure.key)}
                  {failure.contactSupport ? (
                    <>
                      {' '}
                      <Link
                        href={`mailto:${brand.supportEmail}`}
                        underline="always"
                        color="inherit"
                        sx={{ fontWeight: 600 }}
                      >
                        {t('Customer_Service_Text')}
                      </Link>
                    </>
                  ) : null}
                </Alert>
              ) : null}

              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={!isDirty || isSubmitting}
                  startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
                  sx={{ minWidth: 160 }}
                >
                  {t('account.activation.send')}
                </Button>
              </Box>
            </Stack>
          </FormElement>

          {tracker ? null : (
            <>
              <Divider sx={{ my: 3 }} />
              <Stack spacing={1.5}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('account.activation.pricesText')}{' '}
                  <Link href={brand.marketing.prices} {...externalLink} sx={{ fontWeight: 600 }}>
                    {t('account.activation.pricesLink')}
                  </Link>
                </Typography>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={{ xs: 1, sm: 1.5 }}
                  sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
                >
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('account.activation.noCode')}
                  </Typography>
                  <Button
                    variant="outlined"
                    size="small"
                    component="a"
                    href={brand.marketing.home}
                    {...externalLink}
                    endIcon={<OpenInNewIcon fontSize="small" aria-hidden />}
                  >
                    {t('account.activation.productsLink')}
                  </Button>
                </Stack>
              </Stack>
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
