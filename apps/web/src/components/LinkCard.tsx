import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from './visually-hidden';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { RouterLink } from './RouterLink';

export interface LinkCardProps {
  to: string;
  children: ReactNode;
  /** The layout of the clickable area (a column tile, a row with a chevron, ...); it always fills the card. */
  sx?: SxProps<Theme>;
  /** When the visible text alone does not name the target well (e.g. a count to add). */
  'aria-label'?: string;
  /** Marks a tile for tests and styling hooks. */
  'data-tile'?: string;
}

/**
 * A card that is one link as a whole (dashboard tiles, category cards): the card fills its grid
 * cell and its border takes the primary colour on hover.
 */
export function LinkCard({ to, children, sx, 'aria-label': label, ...linkAttributes }: LinkCardProps) {
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'border-color 150ms',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={[{ height: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
        {...linkAttributes}
      >
        {label ? (
          // The name as the link's own (hidden) text, the card's texts hidden from assistive
          // technology: an aria-label that leaves out visible text fails WCAG 2.5.3 (label in name).
          <>
            <Box component="span" sx={visuallyHidden}>
              {label}
            </Box>
            <Box aria-hidden sx={{ display: 'contents' }}>
              {children}
            </Box>
          </>
        ) : (
          children
        )}
      </CardActionArea>
    </Card>
  );
}

/**
 * The "Open →" line at the foot of a link card. Hidden from screen readers: the card is already
 * announced as a link.
 */
export function LinkCardCue({ label }: { label: string }) {
  return (
    <Box aria-hidden sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'primary.main' }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <ArrowForwardIcon fontSize="small" />
    </Box>
  );
}
