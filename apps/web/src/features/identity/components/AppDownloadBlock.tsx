import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { AppStoreButtons } from '@/components/AppStoreButtons';

/** The tracker brand's app-download block on the sign-in screen (section 2). */
export function AppDownloadBlock() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="app-download-title"
      sx={(theme) => ({
        mt: 3,
        p: { xs: 2.5, sm: 3 },
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        backgroundImage: `linear-gradient(135deg, rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.10), transparent 60%)`,
      })}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 56,
            height: 56,
            flexShrink: 0,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            backgroundColor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.14)`,
          })}
        >
          <PhoneIphoneOutlinedIcon fontSize="large" />
        </Box>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="app-download-title" variant="h6" component="h2">
            {t('identity.appDownload.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('identity.appDownload.text')}
          </Typography>
        </Box>
        <AppStoreButtons
          direction={{ xs: 'column', sm: 'column', md: 'row' }}
          labels={{
            appStore: t('identity.appDownload.appStore'),
            googlePlay: t('identity.appDownload.googlePlay'),
          }}
        />
      </Stack>
    </Box>
  );
}
