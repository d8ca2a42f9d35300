import Button from '@mui/material/Button';
import Stack, { type StackProps } from '@mui/material/Stack';
import AppleIcon from '@mui/icons-material/Apple';
import ShopIcon from '@mui/icons-material/Shop';
import { useBrand } from '@/lib/brand';

/** Store searches for the brand's app (the brand configuration carries no store links yet). */
function storeLinks(appName: string) {
  const term = encodeURIComponent(appName);
  return {
    appStore: `https://apps.apple.com/de/search?term=${term}`,
    googlePlay: `https://play.google.com/store/search?q=${term}&c=apps`,
  };
}

/**
 * The App Store and Google Play buttons for the brand's app (sign-in screen of the tracker brand,
 * /notfall). The caller translates the labels and decides the direction.
 */
export function AppStoreButtons({
  labels,
  direction,
}: {
  labels: { appStore: string; googlePlay: string };
  direction: StackProps['direction'];
}) {
  const brand = useBrand();
  const links = storeLinks(brand.name);
  const stores = [
    { href: links.appStore, Icon: AppleIcon, label: labels.appStore },
    { href: links.googlePlay, Icon: ShopIcon, label: labels.googlePlay },
  ];
  return (
    <Stack direction={direction} spacing={1.5} sx={{ flexShrink: 0 }}>
      {stores.map(({ href, Icon, label }) => (
        <Button
          key={href}
          variant="contained"
          color="inherit"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<Icon />}
          sx={{
            bgcolor: 'text.primary',
            color: 'background.paper',
            '&:hover': { bgcolor: 'text.secondary' },
          }}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
