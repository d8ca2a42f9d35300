import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { EMERGENCY_DEFAULT_LANGUAGE, emergencyFileName, type EmergencyLanguage } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { UpgradeAlert } from '@/components/UpgradeAlert';
import { isApiError } from '@/lib/api-client';
import { useEmergencyFileMutation } from '../api/download-emergency-file';
import { downloadErrorKey, isDownloadNotAllowed } from '../emergency-rules';
import { saveBlob } from '../save-file';
import { EmergencyLanguageSelect } from './EmergencyLanguageSelect';

type Outcome = { kind: 'saved'; fileName: string } | { kind: 'failed'; key: string } | null;

/**
 * The download entry of /emergency-data: the file's language (default German), then Download
 * fetches GET /v1/emergency?language= and saves the PDF as Emergency_File.pdf or Notfallakte.pdf.
 */
export function EmergencyDownloadCard() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<EmergencyLanguage>(EMERGENCY_DEFAULT_LANGUAGE);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const download = useEmergencyFileMutation();
  const fileName = emergencyFileName(language);

  const onDownload = async () => {
    setOutcome(null);
    const chosen = language;
    try {
      const blob = await download.mutateAsync(chosen);
      saveBlob(blob, emergencyFileName(chosen));
      setOutcome({ kind: 'saved', fileName: emergencyFileName(chosen) });
    } catch (error) {
      // A refusal the server explains (wrong password, plan) is shown, not logged.
      if (!isApiError(error)) console.error('The emergency file could not be downloaded', error);
      setOutcome({ kind: 'failed', key: downloadErrorKey(error) });
    }
  };

  return (
    <Card component="section" aria-labelledby="emergency-file-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 2, md: 3 }}
        sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
          <IconBubble size={56}>
            <PictureAsPdfOutlinedIcon fontSize="large" />
          </IconBubble>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="emergency-file-title" variant="h6" component="h2">
              {t('emergency.fileTitle')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {t('emergency.fileCaption', { fileName })}
            </Typography>
          </Box>
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexShrink: 0 }}
        >
          <EmergencyLanguageSelect value={language} onChange={setLanguage} disabled={download.isPending} />
          <Button
            variant="contained"
            size="large"
            onClick={() => void onDownload()}
            disabled={download.isPending}
            aria-busy={download.isPending}
            startIcon={
              download.isPending ? (
                <CircularProgress size={18} color="inherit" aria-label={t('emergency.downloading')} />
              ) : (
                <DownloadIcon />
              )
            }
          >
            {t('emergency.download')}
          </Button>
        </Stack>
      </Stack>
      {outcome?.kind === 'failed' ? (
        <UpgradeAlert
          severity="error"
          role="alert"
          message={t(outcome.key)}
          actionLabel={isDownloadNotAllowed(outcome.key) ? t('Upgrade_Text') : undefined}
          sx={{ mt: 2.5 }}
        />
      ) : null}
      {outcome?.kind === 'saved' ? (
        <Alert severity="success" role="status" sx={{ mt: 2.5 }}>
          {t('emergency.downloaded', { fileName: outcome.fileName })}
        </Alert>
      ) : null}
    </Card>
  );
}
