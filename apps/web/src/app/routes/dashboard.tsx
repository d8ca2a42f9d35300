import { lazy, Suspense, type ComponentType } from 'react';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import PetsIcon from '@mui/icons-material/Pets';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import MedicalInformationOutlinedIcon from '@mui/icons-material/MedicalInformationOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { IconBubble } from '@/components/IconBubble';
import { LinkCard, LinkCardCue } from '@/components/LinkCard';
import { PageSkeleton } from '@/components/PageSkeleton';
import { PageTitle } from '@/components/PageTitle';
import { useVisibleState } from '@/lib/product-visibility';
import { useSession } from '@/lib/session';
import { RenewalWarning } from '@/features/subscription/renewal/RenewalWarning';
import { SharedWithMe } from '@/features/sharing/components/SharedWithMe';
import { petPath } from '@/lib/paths';

/** Today's doses (issue 36) load with their own chunk, after the cards. */
const TodayCard = lazy(() =>
  import('@/features/care/components/TodayCard').then((module) => ({ default: module.TodayCard })),
);
const CareNotices = lazy(() =>
  import('@/features/care/components/CareNotices').then((module) => ({ default: module.CareNotices })),
);

interface DashboardCard {
  to: string;
  titleKey: string;
  descriptionKey: string;
  Icon: ComponentType<SvgIconProps>;
}

/** Account-area section 2, Dashboard: the four entry points. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  {
    to: '/dashboard/my-pets',
    titleKey: 'dashboard.petsTitle',
    descriptionKey: 'dashboard.petsDescription',
    Icon: PetsIcon,
  },
  {
    to: '/dashboard/my-appointments',
    titleKey: 'dashboard.appointmentsTitle',
    descriptionKey: 'dashboard.appointmentsDescription',
    Icon: EventNoteOutlinedIcon,
  },
  {
    to: '/emergency-data',
    titleKey: 'dashboard.emergencyTitle',
    descriptionKey: 'dashboard.emergencyDescription',
    Icon: MedicalInformationOutlinedIcon,
  },
  {
    to: '/my-account/profile',
    titleKey: 'dashboard.accountTitle',
    descriptionKey: 'dashboard.accountDescription',
    Icon: ManageAccountsOutlinedIcon,
  },
];

/**
 * / and /dashboard. Product visibility (account-area section 4): hideall and Loading show the
 * spinner instead of the cards; hidesidebar never gets here (SignedInGuard sends it to the
 * activation page, on this and every other route).
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const visibility = useVisibleState();

  if (visibility === 'hideall' || visibility === 'Loading') return <PageSkeleton variant="cards" />;

  const user = session.status === 'signedIn' ? session.user : undefined;
  const name = user?.name.trim();
  // "Welcome back" from the second sign-in on; the first session is greeted as new (myinfo's
  // first_sign_in; a server that does not answer it is taken as a returning user's).
  const greeting = user?.first_sign_in ? 'dashboard.greetingFirst' : 'dashboard.greeting';
  return (
    <>
      <PageTitle
        title={name ? t(greeting, { name }) : t('dashboard.greetingNoName')}
        subtitle={t('dashboard.subtitle')}
      />
      {user ? <RenewalWarning user={user} /> : null}
      <Grid container spacing={{ xs: 2, md: 3 }} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {DASHBOARD_CARDS.map(({ to, titleKey, descriptionKey, Icon }) => (
          <Grid key={to} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
            <LinkCard to={to} sx={{ alignItems: 'stretch' }}>
              <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%', p: 3 }}>
                <IconBubble size={52}>
                  <Icon />
                </IconBubble>
                <Typography variant="h6" component="h2">
                  {t(titleKey)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
                  {t(descriptionKey)}
                </Typography>
                <LinkCardCue label={t('dashboard.open')} />
              </CardContent>
            </LinkCard>
          </Grid>
        ))}
      </Grid>
      {user ? (
        <Suspense fallback={null}>
          <CareNotices enabled={user.product?.medical === true || (user.shared_pets?.length ?? 0) > 0} />
          <TodayCard
            setUpTo={
              user.pets[0] ? petPath(user.pets[0], 'medical-data', 'medications') : '/dashboard/my-pets'
            }
          />
        </Suspense>
      ) : null}
      {user?.shared_pets ? <SharedWithMe pets={user.shared_pets} /> : null}
    </>
  );
}
