import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';

/** The frame of public screens (sign-in, registration, ...): a card centred on the page. */
export function CenteredCard({ children, maxWidth = 480 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
      <Card sx={{ width: '100%', maxWidth }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
