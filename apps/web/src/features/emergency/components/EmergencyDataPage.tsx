import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { useBrand, usePublicConfig } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { emergencyAccess } from '../emergency-rules';
import { EmergencyDownloadCard } from './EmergencyDownloadCard';
import { EmergencyUpgradePrompt } from './EmergencyUpgradePrompt';
import { NoPetNotice } from './NoPetNotice';

/** The public page a finder uses (account-area section 2). */
const PUBLIC_PATH = '/notfall';

/**
 * /emergency-data (pet-data section 2): the download entry with its language select when the plan
 * allows it, otherwise the upgrade prompt (Download_Not_Allowed_Text), or the no-pet text; below,
 * what the emergency file is and where a finder gets it.
 */
export function EmergencyDataPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
  const { publicUrl } = usePublicConfig();
  const access = emergencyAccess(user, brand);
  const publicPage = `${publicUrl.replace(/\/+$/, '')}${PUBLIC_PATH}`;

  return (
    <>
      <PageTitle title={t('route.emergencyData')} subtitle={t('emergency.subtitle')} />
      <Stack spacing={3}>
        {access === 'noPet' ? <NoPetNotice /> : null}
        {access === 'notAllowed' ? <EmergencyUpgradePrompt withAction={false} /> : null}
        {access === 'upgrade' ? <EmergencyUpgradePrompt withAction /> : null}
        {access === 'allowed' ? <EmergencyDownloadCard /> : null}
        <Card
          component="section"
          aria-labelledby="emergency-about-title"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 3 }, bgcolor: 'transparent' }}
        >
          <Typography id="emergency-about-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('emergency.aboutTitle')}
          </Typography>
          <Typography variant="body1" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {t('emergency.about', { url: publicPage })}
          </Typography>
        </Card>
      </Stack>
    </>
  );
}
