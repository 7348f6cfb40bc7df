import type { ReactNode } from 'react';
import { LoadError } from '@/ui/feedback/load-error';

/** A list the section shows as its query stands: `data` once it has loaded. */
interface SectionQuery<T> {
  isPending: boolean;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

interface SavedSectionProps<T> {
  headingId: string;
  title: string;
  /** Beside the heading: a way to the whole list. */
  aside?: ReactNode;
  query: SectionQuery<T>;
  isEmpty: (data: T) => boolean;
  loadingText: string;
  skeletons: ReactNode;
  errorText: string;
  emptyText: string;
  list: (data: T) => ReactNode;
  /** Under the list, whatever state it is in. */
  actions?: ReactNode;
}

/**
 * A section of Your Lists and Planned Dates: its heading, then a list while it loads (skeletons and
 * a status for screen readers), fails (with a retry), is empty or is there, then its actions. A
 * failed refetch keeps the list already known.
 */
export function SavedSection<T>({
  headingId,
  title,
  aside,
  query,
  isEmpty,
  loadingText,
  skeletons,
  errorText,
  emptyText,
  list,
  actions,
}: SavedSectionProps<T>) {
  const { data } = query;
  return (
    <section className="saved-section" aria-labelledby={headingId}>
      <div className="saved-section__header">
        <h2 id={headingId}>{title}</h2>
        {aside}
      </div>
      {query.isPending ? (
        <>
          <p className="visually-hidden" role="status">
            {loadingText}
          </p>
          {skeletons}
        </>
      ) : data === undefined ? (
        <LoadError message={errorText} onRetry={() => void query.refetch()} />
      ) : isEmpty(data) ? (
        <p className="saved-section__empty">{emptyText}</p>
      ) : (
        list(data)
      )}
      {actions}
    </section>
  );
}
