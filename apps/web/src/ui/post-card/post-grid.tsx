import type { ReactNode } from 'react';
import './post-card.css';

/** Cards in a responsive grid of 1 to 5 columns (spec section 2), or a horizontal row of slim tiles. */
export function PostGrid({
  label,
  layout = 'grid',
  children,
}: {
  label: string;
  layout?: 'grid' | 'row';
  children: ReactNode;
}) {
  return (
    <ul className={layout === 'row' ? 'post-row' : 'post-grid'} aria-label={label}>
      {children}
    </ul>
  );
}
