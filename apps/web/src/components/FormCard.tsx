import { Suspense, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import { FormSkeleton } from '@/components/FormSkeleton';

/**
 * The card of an add page that holds its lazily loaded form (appointments, medical data): the page
 * and its title show at once, a form skeleton until the form's code has arrived.
 */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <Suspense fallback={<FormSkeleton />}>{children}</Suspense>
    </Card>
  );
}
