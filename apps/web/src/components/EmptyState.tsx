import type { ReactNode } from 'react';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { RouterLink } from '@/components/RouterLink';

export interface EmptyStateProps {
  /** The translated text of the empty list. */
  text: string;
  /** The add page; with it the big plus button leads there, without it `icon` stands in its place. */
  addTo?: string;
  /** Accessible name of the plus button. */
  addLabel: string;
  /** Shown instead of the plus button when the user may not add. */
  icon?: ReactNode;
  /** More below the text (a hint, the emergency note). */
  children?: ReactNode;
}

/** An empty list of a pet page (pet-data section 2): the big plus button to the add page and the text. */
export function EmptyState({ text, addTo, addLabel, icon, children }: EmptyStateProps) {
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2 }}>
      {addTo ? (
        <Fab
          color="primary"
          component={RouterLink}
          to={addTo}
          aria-label={addLabel}
          sx={{ width: 112, height: 112, '& svg': { fontSize: 56 } }}
        >
          <AddIcon />
        </Fab>
      ) : (
        icon
      )}
      <Typography variant="h6" component="p" sx={{ maxWidth: 480 }}>
        {text}
      </Typography>
      {children}
    </Stack>
  );
}
