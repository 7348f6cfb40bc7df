import type { ReactNode } from 'react';
import './fact-list.css';

/** A term and what it is, such as ['Budget', '$$']. */
export type Fact = [term: string, value: ReactNode];

/** Facts as a two-column description list, terms muted. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="fact-list">
      {facts.map(([term, value]) => (
        <div key={term} className="fact-list__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
