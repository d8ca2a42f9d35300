import Chip from '@mui/material/Chip';
import type { ShareRole } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { ROLE_COLORS } from '../share-format';

/** The role of a member (or the owner) as a small chip. */
export function RoleBadge({ role }: { role: ShareRole | 'owner' }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={ROLE_COLORS[role]}
      variant={role === 'viewer' ? 'outlined' : 'filled'}
      label={t(`sharing.role.${role}`)}
    />
  );
}
