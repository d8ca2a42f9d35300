import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';

/** The padding of an exports card's content. */
export const sectionContent = { p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } };

/** A pet's name as part of a downloaded file's name. */
export const safeFileName = (name: string) =>
  name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'pet';

/** The heading of an exports card, with its icon; the card is labelled by its id. */
export function SectionTitle({
  id,
  icon,
  children,
}: {
  id: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
      {icon}
      <Typography id={id} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** Shown below a card's button while its PDF is being built on the server. */
export function BuildingStatus({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ mt: 2 }}>
      <LinearProgress aria-label={label} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {label}
      </Typography>
    </Box>
  );
}
