import Box from '@mui/material/Box';
import PetsIcon from '@mui/icons-material/Pets';
import type { ReactNode } from 'react';

/** The pet a documents screen belongs to, under the page title. */
export function PetSubtitle({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <PetsIcon fontSize="small" aria-hidden sx={{ color: 'primary.main' }} />
      <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {name}
      </Box>
      {children}
    </Box>
  );
}
