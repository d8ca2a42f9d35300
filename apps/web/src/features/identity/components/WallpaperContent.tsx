import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useBrand } from '@/lib/brand';

export interface WallpaperPoint {
  Icon: ComponentType<SvgIconProps>;
  text: string;
}

type WallpaperList =
  /** Points, each behind its icon. */
  | { points: readonly WallpaperPoint[]; steps?: never }
  /** Steps to follow, numbered from 1 in their order. */
  | { steps: readonly string[]; points?: never };

/**
 * The brand's name, a headline, a short text and a few points or steps on the wallpaper (white
 * on the orange gradient).
 */
export function WallpaperContent({ title, text, ...list }: { title: string; text?: string } & WallpaperList) {
  const brand = useBrand();
  const items: { badge: ReactNode; text: string }[] = list.points
    ? list.points.map(({ Icon, text: pointText }) => ({
        badge: <Icon sx={{ fontSize: 19 }} />,
        text: pointText,
      }))
    : list.steps.map((stepText, index) => ({ badge: String(index + 1), text: stepText }));
  return (
    <Stack spacing={2.5}>
      <Typography
        variant="overline"
        component="p"
        sx={{ letterSpacing: '0.14em', opacity: 0.9, fontWeight: 700, lineHeight: 1.2 }}
      >
        {brand.name}
      </Typography>
      <Typography component="p" sx={{ fontSize: '1.7rem', fontWeight: 700, lineHeight: 1.2 }}>
        {title}
      </Typography>
      {text ? <Typography sx={{ opacity: 0.92 }}>{text}</Typography> : null}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map(({ badge, text: itemText }) => (
          <Stack key={itemText} component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box
              aria-hidden
              sx={{
                width: 34,
                height: 34,
                flexShrink: 0,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(255,255,255,0.18)',
                fontWeight: 700,
                fontSize: 15,
              }}
            >
              {badge}
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {itemText}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
