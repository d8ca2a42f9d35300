import Link from '@mui/material/Link';
import { useTranslation } from '@/lib/i18n-react';

/** Keyboard users jump over the bar and menu straight to the page content. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${targetId}`}
      sx={(theme) => ({
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        '&:focus': { top: 8 },
      })}
    >
      {t('app.skipToContent')}
    </Link>
  );
}
