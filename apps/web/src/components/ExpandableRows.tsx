import { Suspense, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { FormSkeleton } from '@/components/FormSkeleton';

export interface ExpandableRowsProps<T> {
  items: readonly T[];
  rowKey: (item: T) => string;
  /** The key of the open row (one at a time), null when all are closed. */
  expandedKey: string | null;
  onExpandedChange: (key: string | null) => void;
  /** How long a row takes to open and close, in ms; a closed row's details leave the page. */
  timeout: number;
  /** The heading level of a row's summary button. */
  heading: 'h2' | 'h3';
  summary: (item: T) => ReactNode;
  /** The open row's content (usually a lazily loaded edit form: a form skeleton stands in until it has arrived). */
  details: (item: T) => ReactNode;
  /** Shown at the top of an open row at once, before its details have loaded (e.g. an action). */
  aboveDetails?: (item: T) => ReactNode;
}

/**
 * The list of a pet page whose rows open to their edit form (appointments, medical data): a `ul`
 * of outlined accordions, one open at a time.
 */
export function ExpandableRows<T>({
  items,
  rowKey,
  expandedKey,
  onExpandedChange,
  timeout,
  heading,
  summary,
  details,
  aboveDetails,
}: ExpandableRowsProps<T>) {
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => {
        const key = rowKey(item);
        return (
          <Box component="li" key={key}>
            <Accordion
              expanded={expandedKey === key}
              onChange={(_event, open) => onExpandedChange(open ? key : null)}
              disableGutters
              variant="outlined"
              slotProps={{ transition: { timeout, unmountOnExit: true }, heading: { component: heading } }}
              sx={{ borderRadius: 3, overflow: 'hidden', '&::before': { display: 'none' } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: { xs: 2, sm: 2.5 } }}>
                {summary(item)}
              </AccordionSummary>
              <AccordionDetails sx={{ px: { xs: 2, sm: 2.5 }, pb: 2.5, pt: 1 }}>
                {aboveDetails?.(item)}
                <Suspense fallback={<FormSkeleton />}>{details(item)}</Suspense>
              </AccordionDetails>
            </Accordion>
          </Box>
        );
      })}
    </Stack>
  );
}
