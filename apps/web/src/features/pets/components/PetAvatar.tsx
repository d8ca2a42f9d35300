import Avatar from '@mui/material/Avatar';
import PetsIcon from '@mui/icons-material/Pets';
import { useTranslation } from '@/lib/i18n-react';

/** The pet's photo, or the default paw icon when it has none (or the photo cannot be loaded). */
export function PetAvatar({
  name,
  imageUrl,
  size = 56,
  decorative = false,
}: {
  name: string;
  imageUrl: string | null | undefined;
  size?: number;
  /** Next to the pet's name the photo adds nothing for screen readers. */
  decorative?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Avatar
      src={imageUrl ?? undefined}
      alt={decorative ? '' : t('pets.photo.alt', { name })}
      aria-hidden={decorative && !imageUrl ? true : undefined}
      sx={(theme) => ({
        width: size,
        height: size,
        color: 'primary.main',
        backgroundColor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.14)`,
        border: `1px solid ${theme.vars?.palette.divider ?? 'rgba(0,0,0,0.12)'}`,
      })}
    >
      <PetsIcon sx={{ fontSize: Math.round(size * 0.5) }} data-testid="pet-default-icon" />
    </Avatar>
  );
}
