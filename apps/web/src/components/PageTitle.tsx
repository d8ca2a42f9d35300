import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The one h1 of a signed-in screen, with an optional subtitle and actions on the right. */
export function PageTitle({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
    >
      <div>
        <Typography
          variant="h1"
          sx={{
            // Phones: the longest German title word ("Abstammungsnachweise") fits 320 px.
            fontSize: { xs: 'clamp(1.25rem, 6.6vw, 1.6rem)', md: '2rem' },
            // Names the user typed may be longer still: hyphenated where the browser can, never cut off.
            overflowWrap: 'break-word',
            hyphens: 'auto',
          }}
        >
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body1" sx={{ color: 'text.secondary', mt: 0.75 }}>
            {subtitle}
          </Typography>
        ) : null}
      </div>
      {actions}
    </Stack>
  );
}
