import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { DATA_EXPORT_TTL_DAYS, type DataExport } from '@pet/contract';
import { useNotify } from '@/lib/notifications';
import { dataExportFileUrl } from '../api/data-export-file';
import { useDataExport } from '../api/fetch-data-export';
import { useStartDataExport } from '../api/start-data-export';

function formatSize(bytes: number, language: string): string {
  const mb = bytes / 1_000_000;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: mb < 100 ? 1 : 0 });
  return mb < 0.1 ? `${number.format(bytes / 1000)} KB` : `${number.format(mb)} MB`;
}

/**
 * Settings: "Export my data" (GDPR Art. 20, issue 17). Starts the export, shows its progress while
 * the server builds the ZIP (polled), then the download with its expiry; a failed export can be
 * started again. On every plan.
 */
export function DataExportSetting() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const progressId = useId();
  const current = useDataExport();
  const start = useStartDataExport();

  const startExport = async () => {
    try {
      await start.mutateAsync();
    } catch (error) {
      notify.error(error);
    }
  };

  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const startButton = (label: string, variant: 'contained' | 'outlined' = 'contained') => (
    <Box>
      <Button
        variant={variant}
        onClick={() => void startExport()}
        disabled={start.isPending}
        startIcon={start.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {label}
      </Button>
    </Box>
  );

  const body = (item: DataExport | null) => {
    if (!item || item.status === 'expired') {
      return (
        <Stack spacing={2}>
          {item ? (
            <Typography variant="body2" data-testid="data-export-status">
              {t('dataExport.expired', { date: item.expires_at ? date(item.expires_at) : '' })}
            </Typography>
          ) : null}
          {startButton(t('dataExport.start'))}
        </Stack>
      );
    }
    if (item.status === 'queued' || item.status === 'running') {
      return (
        <Stack spacing={1}>
          <Typography id={progressId} variant="body2" data-testid="data-export-status">
            {item.status === 'queued' ? t('dataExport.queued') : t('dataExport.running')}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={item.progress}
            aria-labelledby={progressId}
            aria-valuetext={t('dataExport.progress', { progress: item.progress })}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('dataExport.progress', { progress: item.progress })}
            {item.files_total > 0
              ? ` · ${t('dataExport.files', { done: item.files_done, total: item.files_total })}`
              : ''}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('dataExport.mailHint')}
          </Typography>
        </Stack>
      );
    }
    if (item.status === 'failed') {
      return (
        <Stack spacing={2}>
          <Alert severity="error" sx={{ borderRadius: '12px' }} data-testid="data-export-status">
            {t('dataExport.failed')}
          </Alert>
          {startButton(t('dataExport.retry'))}
        </Stack>
      );
    }
    return (
      <Stack spacing={2}>
        <Alert severity="success" sx={{ borderRadius: '12px' }} data-testid="data-export-status">
          {t('dataExport.ready', {
            size: formatSize(item.size ?? 0, i18n.language),
            date: item.expires_at ? date(item.expires_at) : '',
          })}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            component="a"
            href={dataExportFileUrl()}
            download
          >
            {t('dataExport.download')}
          </Button>
          <Button variant="outlined" onClick={() => void startExport()} disabled={start.isPending}>
            {t('dataExport.again')}
          </Button>
        </Stack>
      </Stack>
    );
  };

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <ArchiveOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {t('dataExport.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('dataExport.intro', { days: DATA_EXPORT_TTL_DAYS })}
      </Typography>
      {current.isPending ? (
        <Skeleton variant="rounded" height={40} aria-label={t('dataExport.loading')} />
      ) : current.isError ? (
        <Alert severity="error" sx={{ borderRadius: '12px' }}>
          {t('dataExport.loadFailed')}
        </Alert>
      ) : (
        body(current.data ?? null)
      )}
    </Box>
  );
}
