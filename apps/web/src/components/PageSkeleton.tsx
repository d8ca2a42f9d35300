import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/lib/i18n-react';
import { SIDEBAR_WIDTH_PX, TOOLBAR_HEIGHT_PX } from '@pet/contract';

/** What the page will show: tiles (dashboards), rows (lists) or fields (forms). */
export type PageSkeletonVariant = 'cards' | 'list' | 'form';

export interface PageSkeletonProps {
  variant?: PageSkeletonVariant;
  /**
   * Before the app shell exists (first load, session check): the top bar and, at desktop width,
   * the sidebar are drawn as well, so the screen does not jump when the real shell appears.
   */
  fullPage?: boolean;
  /** With fullPage: the sidebar's column as well (the signed-in shell; not on public pages). */
  sidebar?: boolean;
  /** Leave out the title block when the page already shows its own heading. */
  withTitle?: boolean;
  /** Accessible name of the loading state (default: "Loading…"). */
  label?: string;
}

function ContentSkeleton({ variant, withTitle }: { variant: PageSkeletonVariant; withTitle: boolean }) {
  return (
    <>
      {withTitle ? (
        <Box sx={{ mb: 3 }}>
          <Skeleton
            variant="text"
            sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, width: { xs: '70%', sm: '40%' } }}
          />
          <Skeleton variant="text" sx={{ width: { xs: '90%', sm: '55%' } }} />
        </Box>
      ) : null}
      {variant === 'cards' ? (
        // The dashboard's tiles (Grid, size xs 12 / sm 6 / lg 3) as a CSS grid: MUI's Grid would be
        // on every first visit for these four shapes.
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={176} sx={{ borderRadius: 4 }} />
          ))}
        </Box>
      ) : variant === 'list' ? (
        <Stack spacing={1.5}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} sx={{ borderRadius: 4 }} />
          ))}
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={40} width={160} sx={{ borderRadius: 999 }} />
        </Stack>
      )}
    </>
  );
}

/**
 * The one loading state of a page: grey shapes where its title and content will be, instead of
 * a blank area with a spinner. Used by the route-level fallbacks (first load, session and
 * product checks) and by pages while their query loads. The shapes are hidden from assistive
 * technology; the status role with its label says that the page is loading.
 */
export function PageSkeleton({
  variant = 'list',
  fullPage = false,
  sidebar = true,
  withTitle = true,
  label,
}: PageSkeletonProps) {
  const { t } = useTranslation();
  const content = <ContentSkeleton variant={variant} withTitle={withTitle} />;
  const status = { role: 'status', 'aria-busy': true, 'aria-label': label ?? t('app.loading') } as const;
  if (!fullPage) {
    return (
      <Box {...status} data-testid="page-skeleton">
        <Box aria-hidden>{content}</Box>
      </Box>
    );
  }
  return (
    <Box
      {...status}
      data-testid="page-skeleton"
      sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}
    >
      <Box aria-hidden sx={{ display: 'contents' }}>
        <Box
          sx={{
            height: TOOLBAR_HEIGHT_PX,
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: { xs: 2, sm: 3 },
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Skeleton variant="rounded" width={120} height={40} />
          <Box sx={{ flexGrow: 1 }} />
          <Skeleton variant="circular" width={40} height={40} />
        </Box>
        <Box sx={{ display: 'flex', flexGrow: 1 }}>
          <Box
            sx={{
              display: { xs: 'none', md: sidebar ? 'block' : 'none' },
              width: SIDEBAR_WIDTH_PX,
              flexShrink: 0,
              p: 2,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            <Stack spacing={1.5}>
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} variant="rounded" height={36} />
              ))}
            </Stack>
          </Box>
          <Container maxWidth="lg" sx={{ px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2, sm: 3 } }}>
            {content}
          </Container>
        </Box>
      </Box>
    </Box>
  );
}
