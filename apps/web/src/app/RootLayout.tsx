import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from '@/lib/router';
import { useBrand } from '@/lib/brand';

/** Above every route: the tab shows the brand's name; scroll positions restore on back/forward. */
export function RootLayout() {
  const brand = useBrand();
  useEffect(() => {
    document.title = brand.name;
  }, [brand.name]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
