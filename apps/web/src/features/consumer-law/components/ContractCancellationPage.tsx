import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  contractCancellationBodySchema,
  type ContractCancellationBody,
  type ContractCancellationResponse,
} from '@pet/contract';
import { FormElement } from '@/components/FormElement';
import { PageTitle } from '@/components/PageTitle';
import { useBrand } from '@/lib/brand';
import { useTranslation } from '@/lib/i18n-react';
import { useApiErrorMessage } from '@/lib/notifications';
import { useDeclareCancellation } from '../api/declare-cancellation';

const BERLIN = { timeZone: 'Europe/Berlin' } as const;

/** Date and time of receipt in German time, as the confirmation mail states them. */
function receivedParts(iso: string) {
  const at = new Date(iso);
  return {
    date: new Intl.DateTimeFormat('de-DE', {
      ...BERLIN,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(at),
    time: new Intl.DateTimeFormat('de-DE', {
      ...BERLIN,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
  };
}

/** What the receipt says about the end, by kind (the exact date goes by mail: no enumeration). */
const EFFECTIVE_KEYS = {
  ordinary: 'consumerLaw.cancellation.effectiveOrdinary',
  extraordinary: 'consumerLaw.cancellation.effectiveExtraordinary',
  withdrawal: 'consumerLaw.cancellation.effectiveWithdrawal',
} as const;

const EMPTY: ContractCancellationBody = {
  name: '',
  email: '',
  contract: '',
  kind: 'ordinary',
  wanted_date: null,
  reason: null,
};

/**
 * /contract-cancellation (open, § 312k BGB): name, e-mail, contract, ordinary or extraordinary
 * cancellation with a wanted date (and the reason of an extraordinary one), "Cancel now"; then the
 * receipt with date and time, which the visitor can save or print. The answer is the same for
 * every address: when the contract ends is mailed to the address given.
 */
export function ContractCancellationPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const errorMessage = useApiErrorMessage();
  const declare = useDeclareCancellation();
  const [receipt, setReceipt] = useState<{
    body: ContractCancellationBody;
    answer: ContractCancellationResponse;
  }>();
  const form = useForm<ContractCancellationBody>({
    mode: 'onTouched',
    resolver: zodResolver(contractCancellationBodySchema) as Resolver<ContractCancellationBody>,
    defaultValues: EMPTY,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) =>
    message ? { error: true, helperText: t(message) } : {};

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      ...values,
      wanted_date: values.wanted_date || null,
      reason: values.kind === 'extraordinary' ? values.reason : null,
    };
    const answer = await declare.mutateAsync(body).catch(() => null);
    if (answer) setReceipt({ body, answer });
  });

  if (receipt) {
    const { date, time } = receivedParts(receipt.answer.received_at);
    const { body } = receipt;
    const wanted = body.wanted_date
      ? new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC' }).format(
          new Date(`${body.wanted_date}T00:00:00Z`),
        )
      : t('consumerLaw.cancellation.asEarlyAsPossible');
    return (
      <Stack spacing={3} sx={{ maxWidth: 640, mx: 'auto' }}>
        <PageTitle title={t('consumerLaw.cancellation.receivedTitle')} />
        <Card sx={{ p: { xs: 2.5, sm: 3 } }} data-testid="cancellation-receipt">
          <Stack spacing={1.5}>
            <Alert severity="success" role="status">
              {t('consumerLaw.cancellation.receivedAt', { date, time })}
            </Alert>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              {(
                [
                  [t('consumerLaw.cancellation.name'), body.name],
                  [t('consumerLaw.cancellation.email'), body.email],
                  [t('consumerLaw.cancellation.summaryContract'), body.contract],
                  [t('consumerLaw.cancellation.summaryKind'), t(`consumerLaw.cancellation.${body.kind}`)],
                  [t('consumerLaw.cancellation.summaryWanted'), wanted],
                  ...(body.reason ? [[t('consumerLaw.cancellation.reason'), body.reason]] : []),
                ] as Array<[string, string]>
              ).map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="subtitle2" component="h2">
              {t('consumerLaw.cancellation.effectiveTitle')}
            </Typography>
            <Typography variant="body2" data-testid="cancellation-effective">
              {t(EFFECTIVE_KEYS[body.kind], { email: body.email })}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('consumerLaw.cancellation.keep')}
            </Typography>
            <Box>
              <Button variant="outlined" onClick={() => window.print()}>
                {t('consumerLaw.cancellation.print')}
              </Button>
            </Box>
          </Stack>
        </Card>
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 640, mx: 'auto' }}>
      <PageTitle
        title={t('route.contractCancellation')}
        subtitle={t('consumerLaw.cancellation.intro', { brand: brand.name })}
      />
      <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
        <FormElement onSubmit={(event) => void onSubmit(event)} aria-label={t('route.contractCancellation')}>
          <Stack spacing={2.5}>
            {declare.isError ? (
              <Alert severity="error" role="alert">
                {errorMessage(declare.error)}
              </Alert>
            ) : null}
            <TextField
              label={t('consumerLaw.cancellation.name')}
              autoComplete="name"
              required
              {...form.register('name')}
              {...fieldError(errors.name?.message)}
            />
            <TextField
              label={t('consumerLaw.cancellation.email')}
              type="email"
              autoComplete="email"
              required
              {...form.register('email')}
              {...fieldError(errors.email?.message)}
            />
            <TextField
              label={t('consumerLaw.cancellation.contract')}
              required
              placeholder={t('consumerLaw.cancellation.contractHint')}
              {...form.register('contract')}
              {...fieldError(errors.contract?.message)}
            />
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="cancellation-kind">{t('consumerLaw.cancellation.kind')}</FormLabel>
                  <RadioGroup aria-labelledby="cancellation-kind" {...field}>
                    <FormControlLabel
                      value="ordinary"
                      control={<Radio />}
                      label={t('consumerLaw.cancellation.ordinary')}
                    />
                    <FormControlLabel
                      value="extraordinary"
                      control={<Radio />}
                      label={t('consumerLaw.cancellation.extraordinary')}
                    />
                    <FormControlLabel
                      value="withdrawal"
                      control={<Radio />}
                      label={t('consumerLaw.cancellation.withdrawal')}
                    />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <TextField
              label={t('consumerLaw.cancellation.wantedDate')}
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              {...form.register('wanted_date')}
              {...fieldError(errors.wanted_date?.message)}
              helperText={
                errors.wanted_date?.message
                  ? t(errors.wanted_date.message)
                  : t('consumerLaw.cancellation.wantedDateHint')
              }
            />
            {kind === 'extraordinary' ? (
              <TextField
                label={t('consumerLaw.cancellation.reason')}
                required
                multiline
                minRows={3}
                {...form.register('reason')}
                {...fieldError(errors.reason?.message)}
              />
            ) : null}
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={declare.isPending}
                startIcon={declare.isPending ? <CircularProgress size={18} color="inherit" /> : null}
              >
                {declare.isPending
                  ? t('consumerLaw.cancellation.sending')
                  : t('consumerLaw.cancellation.submit')}
              </Button>
            </Box>
          </Stack>
        </FormElement>
      </Card>
    </Stack>
  );
}
