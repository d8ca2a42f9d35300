import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PageSkeleton } from '@/components/PageSkeleton';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';

/** Where a list page is: its data (and what decides about adding) loading, failed, empty or there. */
export type ListPageStatus = 'loading' | 'error' | 'empty' | 'ready';

export interface ListPageProps {
  title: string;
  status: ListPageStatus;
  /** The add button beside the title; it shows once the list has items (an empty list has its plus button). */
  addAction?: { to: string; label: string };
  /** Under the title: the pet header of a pet's page. */
  header?: ReactNode;
  /** Above the list in every state: e.g. the paid-service prompt. */
  notice?: ReactNode;
  /** The status label of the loading skeleton. */
  loadingLabel: string;
  /** The failed load: the feature's text, the error and the retry. */
  loadError: { text: string; error: unknown; onRetry: () => void };
  /** The empty list (EmptyState). */
  empty: ReactNode;
  /** The list itself, shown when `status` is ready. */
  children?: ReactNode;
  /** After the list in every state: e.g. the delete confirmation. */
  footer?: ReactNode;
}

/**
 * The shape of the list pages of a pet (appointments, medical data): title with the add button,
 * pet header, notice, then the loading skeleton, the load error with retry, the empty state or the
 * list. One scaffold so the lists load, fail and stay empty alike; the caller translates.
 */
export function ListPage({
  title,
  status,
  addAction,
  header,
  notice,
  loadingLabel,
  loadError,
  empty,
  children,
  footer,
}: ListPageProps) {
  return (
    <>
      <PageTitle
        title={title}
        actions={
          addAction && status === 'ready' ? (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={addAction.to}>
              {addAction.label}
            </Button>
          ) : undefined
        }
      />
      {header}
      {notice}
      {status === 'loading' ? (
        <PageSkeleton withTitle={false} label={loadingLabel} />
      ) : status === 'error' ? (
        <LoadErrorAlert {...loadError} />
      ) : status === 'empty' ? (
        empty
      ) : (
        children
      )}
      {footer}
    </>
  );
}
