import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppStoreButtons } from '@/components/AppStoreButtons';
import { useBrand } from '@/lib/brand';

/** The app-store buttons of /notfall (account-area section 2); shown when the brand has badges. */
export function AppStoreLinks() {
  const { t } = useTranslation();
  const brand = useBrand();
  if (!brand.appStoreBadges) return null;
  return (
    <Box
      component="section"
      aria-labelledby="emergency-apps-title"
      sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id="emergency-apps-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('emergency.public.appsTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {t('emergency.public.appsText')}
      </Typography>
      <AppStoreButtons
        direction={{ xs: 'column', sm: 'row' }}
        labels={{ appStore: t('emergency.public.appStore'), googlePlay: t('emergency.public.googlePlay') }}
      />
    </Box>
  );
}
