import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A tinted rounded square behind an icon: the mark of the dashboard tiles and category cards.
 * Decorative (aria-hidden): the card's title says what it is.
 */
export function IconBubble({ children, size = 48 }: { children: ReactNode; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        backgroundColor: `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.12)`,
      })}
    >
      {children}
    </Box>
  );
}
