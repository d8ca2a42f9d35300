import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { AuthFrame, AuthTitle } from './AuthFrame';

/**
 * The confirmation after the portal mailed the user (registered: confirm your address; reset
 * requested: follow the link): a letter icon, the title, what was sent, a hint and the next steps.
 */
export function MailSentPanel({
  title,
  text,
  hint,
  actions,
}: {
  title: string;
  text: string;
  hint: string;
  /** The buttons under the text. */
  actions: ReactNode;
}) {
  return (
    <AuthFrame maxWidth={560}>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 1, sm: 2 } }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 76,
            height: 76,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            backgroundColor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.12)`,
          })}
        >
          <MarkEmailReadOutlinedIcon sx={{ fontSize: 40 }} />
        </Box>
        <AuthTitle>{title}</AuthTitle>
        <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}
        >
          {actions}
        </Stack>
      </Stack>
    </AuthFrame>
  );
}
