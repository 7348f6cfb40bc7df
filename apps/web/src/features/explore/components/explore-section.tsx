import { useId, type ReactNode } from 'react';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';

/** One of the Explore rows: a region named by its heading. */
export function ExploreSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="explore-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="explore-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A row that failed to load says so and offers to try again; the rest of the page stays usable. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="explore-error">
      <FormMessage tone="error">{message}</FormMessage>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Said with the empty rows; the spec has no words for them. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="explore-empty">{children}</p>;
}
