import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { RouterLink } from '@/components/RouterLink';
import { buildCrumbs, isRoutePath, type Crumb, type BuildCrumbsOptions } from './breadcrumbs';

export function AppBreadcrumbs({ withHome, petName }: BuildCrumbsOptions) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  // Unknown paths (the 404 page) get no trail: their segments mean nothing.
  const crumbs = isRoutePath(pathname) ? buildCrumbs(pathname, { withHome, petName }) : [];
  if (crumbs.length === 0) return null;

  // A segment without a label (a path we do not know) shows as written rather than as a raw key.
  const labelOf = (crumb: Crumb) =>
    'text' in crumb
      ? crumb.text
      : i18n.exists(crumb.labelKey)
        ? t(crumb.labelKey)
        : crumb.id.split('/').pop();

  return (
    <Breadcrumbs
      aria-label={t('nav.breadcrumbs')}
      separator={<NavigateNextIcon fontSize="small" />}
      maxItems={isPhone ? 3 : 8}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={2}
      expandText={t('nav.showPath')}
      sx={{ mb: 2, '& .MuiBreadcrumbs-ol': { rowGap: 0.5 } }}
    >
      {crumbs.map((crumb, index) => {
        const label = labelOf(crumb);
        const isLast = index === crumbs.length - 1;
        if (isLast || !crumb.to) {
          return (
            <Typography
              key={crumb.id}
              variant="body2"
              aria-current={isLast ? 'page' : undefined}
              sx={{ color: isLast ? 'text.primary' : 'text.secondary', fontWeight: isLast ? 600 : 400 }}
            >
              {label}
            </Typography>
          );
        }
        return (
          <Link key={crumb.id} component={RouterLink} to={crumb.to} variant="body2" color="text.secondary">
            {label}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
