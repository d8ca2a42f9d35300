import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type ResultTone = 'success' | 'pending' | 'error' | 'neutral';

const TONE_COLOR: Record<ResultTone, string> = {
  success: 'success.main',
  pending: 'primary.main',
  error: 'error.main',
  neutral: 'text.secondary',
};

/**
 * The one card of a result page (payment, cancellation, payment-method update): a large icon in
 * the tone's colour, the page's h1, texts and the ways on, centred; buttons stack on phones.
 */
export function ResultCard({
  tone,
  icon,
  title,
  children,
  actions,
  testId,
}: {
  tone: ResultTone;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <Card
      data-testid={testId}
      role={tone === 'error' ? 'alert' : 'status'}
      sx={{ maxWidth: 600, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            color: TONE_COLOR[tone],
            display: 'grid',
            placeItems: 'center',
            height: 64,
            '& svg': { fontSize: 64 },
          }}
          aria-hidden
        >
          {icon}
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
          {title}
        </Typography>
        {children}
        {actions ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ pt: 1, width: { xs: '100%', sm: 'auto' }, justifyContent: 'center' }}
          >
            {actions}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A secondary paragraph of a result card. */
export function ResultText({ children }: { children: ReactNode }) {
  return <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>{children}</Typography>;
}
