import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PetsIcon from '@mui/icons-material/Pets';

export interface PetHeaderCardProps {
  /** undefined while the pet loads (a skeleton is shown). */
  name?: string;
  /** One line under the name, e.g. "Dog · Labrador" (translated by the caller). */
  subtitle?: string;
  imageUrl?: string | null;
  /** Accessible label of the loading skeleton. */
  loadingLabel?: string;
}

/**
 * The pet header of the pet screens (contacts, medical data, ...): photo or the default icon,
 * name and a short description. Presentational: each feature loads the pet itself.
 */
export function PetHeaderCard({ name, subtitle, imageUrl, loadingLabel }: PetHeaderCardProps) {
  const loading = name === undefined;
  return (
    <Card
      component="section"
      aria-label={loading ? loadingLabel : name}
      aria-busy={loading || undefined}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, p: { xs: 1.5, sm: 2 }, mb: 3 }}
    >
      {loading ? (
        <>
          <Skeleton variant="circular" width={56} height={56} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="40%" height={28} />
            <Skeleton width="25%" />
          </Box>
        </>
      ) : (
        <>
          <Avatar
            src={imageUrl ?? undefined}
            alt=""
            sx={(theme) => ({
              width: 56,
              height: 56,
              color: 'primary.main',
              bgcolor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.12)`,
            })}
          >
            <PetsIcon />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" noWrap>
              {name}
            </Typography>
            {subtitle ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                {subtitle}
              </Typography>
            ) : null}
          </Box>
        </>
      )}
    </Card>
  );
}
