import type { ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import { documentTitle } from '@/lib/product';
import './page.css';

interface PageProps {
  title: string;
  subtitle?: string;
  /** A feature's class for the frame, to size it to its content (a form, a two-column editor). */
  className?: string;
  children?: ReactNode;
}

/**
 * A screen's frame: its document title, its one h1 and an optional subtitle. The h1 can take focus
 * (never from Tab), so that arriving on the screen announces it by name.
 */
export function Page({ title, subtitle, className, children }: PageProps) {
  return (
    <div className={classNames('page', className)}>
      <title>{documentTitle(title)}</title>
      <div className="page__header">
        <h1 className="page__title" tabIndex={-1}>
          {title}
        </h1>
        {subtitle && <p className="page__subtitle">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
