import type { ReactNode } from 'react';
import { documentTitle } from '@/lib/product';
import './page.css';

interface PageProps {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

/** A screen's frame: its document title, its one h1 and an optional subtitle. */
export function Page({ title, subtitle, children }: PageProps) {
  return (
    <div className="page">
      <title>{documentTitle(title)}</title>
      <div className="page__header">
        <h1 className="page__title">{title}</h1>
        {subtitle && <p className="page__subtitle">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
