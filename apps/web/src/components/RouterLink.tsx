import { forwardRef } from 'react';
import { Link, type LinkProps } from '@/lib/router';

/**
 * The router's Link (@/lib/router) as the `component` of MUI buttons, list items and links:
 *   <Button component={RouterLink} to="/dashboard">
 */
export const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function RouterLink(props, ref) {
  return <Link ref={ref} {...props} />;
});
