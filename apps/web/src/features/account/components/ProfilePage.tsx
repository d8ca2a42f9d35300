import type { ComponentType, ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PetsIcon from '@mui/icons-material/Pets';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { useSignedInUser } from '@/lib/session';
import { AvatarField } from './AvatarField';
import { ProfileNameField } from './ProfileNameField';

function ProfileLink({
  to,
  label,
  secondary,
  Icon,
}: {
  to: string;
  label: string;
  secondary: ReactNode;
  Icon: ComponentType<SvgIconProps>;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={to} sx={{ py: 1.5, mx: 0 }}>
        <ListItemIcon sx={{ color: 'primary.main', minWidth: 44 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText
          primary={label}
          secondary={secondary}
          slotProps={{ primary: { sx: { fontWeight: 600 } } }}
        />
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * /my-account and /my-account/profile (account-area section 2, Profile): avatar upload with a
 * circular crop, the editable name (saved on blur), the read-only e-mail, and the ways on to the
 * user's products, pets and settings.
 */
export function ProfilePage({ title }: { title: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const petCount = user.pets.length;

  return (
    <>
      <PageTitle title={title} subtitle={t('account.profile.subtitle')} />
      <Grid container spacing={{ xs: 2, md: 3 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
              <AvatarField user={user} />
              <Divider sx={{ my: 3 }} />
              <Stack spacing={3}>
                <ProfileNameField name={user.name} />
                <TextField
                  label={t('account.profile.email')}
                  value={user.email}
                  fullWidth
                  helperText={t('account.profile.emailHelper')}
                  slotProps={{ input: { readOnly: true } }}
                />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card component="nav" aria-labelledby="profile-links-title">
            <CardContent sx={{ pb: 1 }}>
              <Typography id="profile-links-title" variant="h6" component="h2">
                {t('account.profile.linksTitle')}
              </Typography>
            </CardContent>
            <List disablePadding sx={{ px: 1, pb: 1 }}>
              <ProfileLink
                to="/my-account/subscription"
                label={t('account.profile.myProducts')}
                secondary={t('account.profile.currentPlan', {
                  plan: user.product?.name ?? t('account.profile.noPlan'),
                })}
                Icon={WorkspacePremiumOutlinedIcon}
              />
              <ProfileLink
                to="/dashboard/my-pets"
                label={t('account.profile.myPets')}
                secondary={t('account.profile.petCount', { count: petCount })}
                Icon={PetsIcon}
              />
              <ProfileLink
                to="/my-account/profile/settings"
                label={t('account.profile.settings')}
                secondary={t('account.profile.settingsHint')}
                Icon={SettingsOutlinedIcon}
              />
            </List>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
