import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { canOnPet, seesActivity, type PetRelation } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { LinkCard } from '@/components/LinkCard';
import { useTranslation } from '@/lib/i18n-react';
import { petPath, type PetRef } from '@/lib/paths';

function SharingLink({
  to,
  tile,
  icon,
  title,
  text,
}: {
  to: string;
  tile: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <Box sx={{ mt: { xs: 2, md: 3 } }}>
      <LinkCard to={to} sx={{ p: { xs: 2, sm: 2.5 } }} data-tile={tile}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <IconBubble>{icon}</IconBubble>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
              {title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {text}
            </Typography>
          </Box>
        </Stack>
      </LinkCard>
    </Box>
  );
}

/** Under the pet dashboard's tiles: Access (who may manage shares) and the activity log (who sees it). */
export function SharingLinks({ pet, relation }: { pet: PetRef; relation: PetRelation }) {
  const { t } = useTranslation();
  return (
    <>
      {canOnPet(relation, 'read', 'shares') === 'yes' ? (
        <SharingLink
          to={petPath(pet, 'access')}
          tile="access"
          icon={<GroupOutlinedIcon />}
          title={t('route.petAccess')}
          text={t('sharing.access.subtitle')}
        />
      ) : null}
      {seesActivity(relation) ? (
        <SharingLink
          to={petPath(pet, 'activity')}
          tile="activity"
          icon={<HistoryOutlinedIcon />}
          title={t('route.petActivity')}
          text={t('sharing.activity.subtitle')}
        />
      ) : null}
    </>
  );
}
