import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import type { SxProps, Theme } from '@mui/material/styles';
import { RouterLink } from '@/components/RouterLink';

/** Where every upgrade prompt sends the user to activate a paid plan. */
export const SUBSCRIPTION_PATH = '/my-account/subscription';

export interface UpgradePromptProps {
  /** Id of the heading; the card is labelled by it. */
  titleId: string;
  title: string;
  text?: string;
  /** Label of the button to SUBSCRIPTION_PATH; without it there is no button. */
  upgradeLabel?: string;
  /** A second, outlined link button (e.g. back to the list). */
  secondaryAction?: { to: string; label: string };
  /**
   * `section` renders a <section> (implicit region role); `region` a div with role="region".
   * Both are labelled by the title; the callers keep the element their tests expect.
   */
  landmark?: 'section' | 'region';
  /** Max width of the centred content. */
  contentMaxWidth?: number;
  /** Extra styles of the card (e.g. a bottom margin). */
  sx?: SxProps<Theme>;
}

/**
 * The "needs a paid plan" card shared by the medical, appointment and emergency pages: premium
 * icon, title, text and an optional link to the subscription page. One markup so the prompts look
 * alike; the caller translates the texts.
 */
export function UpgradePrompt({
  titleId,
  title,
  text,
  upgradeLabel,
  secondaryAction,
  landmark = 'region',
  contentMaxWidth = 520,
  sx,
}: UpgradePromptProps) {
  const landmarkProps = landmark === 'section' ? { component: 'section' as const } : { role: 'region' };
  return (
    <Card
      {...landmarkProps}
      aria-labelledby={titleId}
      sx={[{ p: { xs: 3, sm: 5 }, textAlign: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: contentMaxWidth, mx: 'auto' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.12)`,
            '& svg': { fontSize: 40 },
          })}
        >
          <WorkspacePremiumOutlinedIcon />
        </Box>
        <Typography id={titleId} variant="h5" component="h2">
          {title}
        </Typography>
        {text ? <Typography sx={{ color: 'text.secondary' }}>{text}</Typography> : null}
        {upgradeLabel || secondaryAction ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}
          >
            {upgradeLabel ? (
              <Button variant="contained" size="large" component={RouterLink} to={SUBSCRIPTION_PATH}>
                {upgradeLabel}
              </Button>
            ) : null}
            {secondaryAction ? (
              <Button variant="outlined" size="large" component={RouterLink} to={secondaryAction.to}>
                {secondaryAction.label}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
