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
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  EMERGENCY_DEFAULT_LANGUAGE,
  EMERGENCY_LANGUAGES,
  emergencyFileName,
  emergencyPublicFormSchema,
  type EmergencyPublicForm,
} from '@pet/contract';
import { isApiError } from '@/lib/api-client';
import { usePublicEmergencyFileMutation } from '../api/download-public-emergency-file';
import { publicDownloadErrorKey } from '../emergency-rules';
import { saveBlob } from '../save-file';
import { AppStoreLinks } from './AppStoreLinks';

type Outcome = { kind: 'saved'; fileName: string } | { kind: 'failed'; key: string } | null;

/**
 * /notfall (account-area sections 2, 5, 7, 8), signed out: the emergency password (trimmed,
 * required), the file's language (Deutsch first and default), Confirm fetches
 * GET /v1/emergency/public and saves the PDF; an info text and the app-store buttons below.
 */
export function EmergencyPublicPage() {
  const { t } = useTranslation();
  const download = usePublicEmergencyFileMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<EmergencyPublicForm>({
    mode: 'onTouched',
    resolver: zodResolver(emergencyPublicFormSchema) as Resolver<EmergencyPublicForm>,
    defaultValues: { code: '', language: EMERGENCY_DEFAULT_LANGUAGE },
  });

  const onSubmit = form.handleSubmit(async ({ code, language }) => {
    setOutcome(null);
    try {
      const blob = await download.mutateAsync({ code, language });
      const fileName = emergencyFileName(language);
      saveBlob(blob, fileName);
      setOutcome({ kind: 'saved', fileName });
    } catch (error) {
      // A refusal the server explains (wrong password, plan) is shown, not logged.
      if (!isApiError(error)) console.error('The public emergency file could not be downloaded', error);
      setOutcome({ kind: 'failed', key: publicDownloadErrorKey(error) });
    }
  });

  return (
    <Card sx={{ width: '100%', maxWidth: 600, mx: 'auto', mt: { xs: 1, sm: 3 } }}>
      <Box sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.85rem' } }}>
          {t('route.emergencyPublic')}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary', mt: 0.75, mb: 3 }}>
          {t('emergency.public.subtitle')}
        </Typography>

        {outcome?.kind === 'failed' ? (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {t(outcome.key)}
          </Alert>
        ) : null}
        {outcome?.kind === 'saved' ? (
          <Alert severity="success" role="status" sx={{ mb: 3 }}>
            {t('emergency.downloaded', { fileName: outcome.fileName })}
          </Alert>
        ) : null}

        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack spacing={2.5}>
            <Controller
              control={form.control}
              name="code"
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t('emergency.public.passwordLabel')}
                  required
                  fullWidth
                  autoFocus
                  autoComplete="off"
                  slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                />
              )}
            />
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <FormControl component="fieldset">
                  <FormLabel component="legend" id="emergency-language-label">
                    {t('emergency.public.languageLabel')}
                  </FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="emergency-language-label"
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                  >
                    {EMERGENCY_LANGUAGES.map((language) => (
                      <FormControlLabel
                        key={language}
                        value={language}
                        control={<Radio />}
                        label={t(`emergency.languages.${language}`)}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={download.isPending}
              aria-busy={download.isPending}
              startIcon={
                download.isPending ? (
                  <CircularProgress size={18} color="inherit" aria-label={t('emergency.downloading')} />
                ) : null
              }
            >
              {t('emergency.public.submit')}
            </Button>
          </Stack>
        </Box>

        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 3, p: 2, borderRadius: 2, bgcolor: 'action.hover', alignItems: 'flex-start' }}
        >
          <InfoOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('emergency.public.info')}
          </Typography>
        </Stack>

        <AppStoreLinks />
      </Box>
    </Card>
  );
}
