import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/** One paw print (pad and four toes) in a 40 x 40 box. */
const PAW = (
  <>
    <ellipse cx="20" cy="26" rx="8" ry="6.5" />
    <ellipse cx="10.5" cy="16.5" rx="3.2" ry="4.2" transform="rotate(-20 10.5 16.5)" />
    <ellipse cx="16.5" cy="11" rx="3.2" ry="4.4" transform="rotate(-6 16.5 11)" />
    <ellipse cx="23.5" cy="11" rx="3.2" ry="4.4" transform="rotate(6 23.5 11)" />
    <ellipse cx="29.5" cy="16.5" rx="3.2" ry="4.2" transform="rotate(20 29.5 16.5)" />
  </>
);

/**
 * The sign-in and registration wallpaper: a warm gradient in the brand's orange with a trail of
 * paw prints, drawn in CSS and SVG (no image to load). Hidden on small screens (section 2).
 * The content (a headline, a few lines) sits on top; the art itself is decorative.
 */
export function AuthWallpaper({ children }: { children: ReactNode }) {
  const patternId = useId();
  return (
    <Box
      sx={(theme) => ({
        display: { xs: 'none', md: 'flex' },
        position: 'relative',
        overflow: 'hidden',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        minHeight: 520,
        p: 4,
        color: '#FFFFFF',
        background: 'linear-gradient(150deg, #E67E22 0%, #C04D00 48%, #7A2E00 100%)',
        ...theme.applyStyles('dark', {
          color: '#FBE9DC',
          background: 'linear-gradient(150deg, #8A3A06 0%, #5A2503 52%, #2A1204 100%)',
        }),
      })}
    >
      <Box
        component="svg"
        aria-hidden
        focusable="false"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0.13 }}
      >
        <defs>
          <pattern
            id={patternId}
            width="120"
            height="120"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(-24)"
          >
            <g fill="currentColor">{PAW}</g>
            <g fill="currentColor" transform="translate(62 58) scale(0.8)">
              {PAW}
            </g>
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill={`url(#${patternId})`} />
      </Box>
      {/* Two soft light discs give the flat gradient some depth. */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          width: 420,
          height: 420,
          borderRadius: '50%',
          top: -160,
          right: -170,
          background: 'radial-gradient(circle, rgba(255,255,255,0.28) 0%, rgba(255,255,255,0) 70%)',
        }}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          width: 300,
          height: 300,
          borderRadius: '50%',
          bottom: -120,
          left: -110,
          background: 'radial-gradient(circle, rgba(255,214,170,0.22) 0%, rgba(255,214,170,0) 70%)',
        }}
      />
      <Box sx={{ position: 'relative' }}>{children}</Box>
    </Box>
  );
}
