import { useId, useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from '@/lib/i18n-react';
import { EXPAND_ANIMATION_MS } from '@pet/contract';
import { PageTitle } from '@/components/PageTitle';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { AddressForm } from './AddressForm';
import { LanguageSetting } from './LanguageSetting';
import { StayLoggedInSetting } from './StayLoggedInSetting';

const sectionContent = { p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } };

/**
 * /my-account/profile/settings (account-area section 2, Settings): the account's language, the
 * User Administration accordion with the address, stay logged in, logout (to /) and help (the
 * brand's FAQ in a new tab). `onLogout` signs out; the route module provides it.
 */
export function SettingsPage({
  title,
  onLogout,
  calendarSetting,
  pushSetting,
  dataExportSetting,
  careSetting,
}: {
  title: string;
  onLogout: () => Promise<void>;
  /** The calendar subscription section (features/calendar), composed in by the route. */
  calendarSetting?: ReactNode;
  /** Reminders on this device (features/push, issue 36), composed in by the route. */
  pushSetting?: ReactNode;
  /** Export my data (features/data-export), composed in by the route. */
  dataExportSetting?: ReactNode;
  /** Time zone and reminders (features/care, issue 36), composed in by the route. */
  careSetting?: ReactNode;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const user = useSignedInUser();
  const summaryId = useId();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    setSigningOut(true);
    try {
      await onLogout();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <>
      <PageTitle title={title} subtitle={t('account.settings.subtitle')} />
      <Stack spacing={{ xs: 2, md: 3 }} sx={{ maxWidth: 760 }}>
        <Card>
          <CardContent sx={sectionContent}>
            <LanguageSetting />
          </CardContent>
        </Card>

        <Accordion
          disableGutters
          variant="outlined"
          slotProps={{ transition: { timeout: EXPAND_ANIMATION_MS } }}
          sx={{ borderRadius: '16px !important', '&::before': { display: 'none' }, overflow: 'hidden' }}
        >
          <AccordionSummary
            id={summaryId}
            aria-controls={`${summaryId}-content`}
            expandIcon={<ExpandMoreIcon />}
            sx={{ px: { xs: 2.5, sm: 3 }, py: 1 }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <HomeWorkOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
              <div>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {t('account.settings.userAdministration')}
                </Typography>
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('account.settings.userAdministrationHint')}
                </Typography>
              </div>
            </Stack>
          </AccordionSummary>
          <AccordionDetails
            id={`${summaryId}-content`}
            sx={{ px: { xs: 2.5, sm: 3 }, pb: { xs: 2.5, sm: 3 } }}
          >
            <AddressForm user={user} />
          </AccordionDetails>
        </Accordion>

        <Card>
          <CardContent sx={sectionContent}>
            <StayLoggedInSetting stored={user.stay_loggedin} />
          </CardContent>
        </Card>

        {careSetting ? (
          <Card>
            <CardContent sx={sectionContent}>{careSetting}</CardContent>
          </Card>
        ) : null}

        {calendarSetting ? (
          <Card>
            <CardContent sx={sectionContent}>{calendarSetting}</CardContent>
          </Card>
        ) : null}

        {pushSetting ? (
          <Card>
            <CardContent sx={sectionContent}>{pushSetting}</CardContent>
          </Card>
        ) : null}

        {dataExportSetting ? (
          <Card>
            <CardContent sx={sectionContent}>{dataExportSetting}</CardContent>
          </Card>
        ) : null}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
          <Button
            variant="outlined"
            component="a"
            href={brand.faqUrl}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<HelpOutlineIcon />}
            endIcon={<OpenInNewIcon fontSize="small" aria-hidden />}
            aria-label={t('account.settings.helpLabel')}
          >
            {t('account.settings.help')}
          </Button>
          <Button
            variant="contained"
            color="inherit"
            onClick={() => void logout()}
            disabled={signingOut}
            startIcon={signingOut ? <CircularProgress size={16} color="inherit" /> : <LogoutIcon />}
            sx={{ bgcolor: 'action.selected', '&:hover': { bgcolor: 'action.focus' } }}
          >
            {t('account.settings.logout')}
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
