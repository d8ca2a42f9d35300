import Box from '@mui/material/Box';
import { useBrand } from '@/lib/brand';

/** The brand's logo from the public folder; its alt text is the brand name. */
export function BrandLogo({ height = 40 }: { height?: number }) {
  const brand = useBrand();
  return (
    <Box
      component="img"
      src={brand.logo}
      alt={brand.name}
      sx={{ height, width: 'auto', maxWidth: { xs: 150, sm: 220 }, display: 'block' }}
    />
  );
}
