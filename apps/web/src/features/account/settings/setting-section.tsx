import type { ReactNode } from 'react';

/**
 * One titled group of the settings. A heading, not a named region: the regions would repeat the
 * names of the fields inside them ('Email' around 'Email').
 */
export function SettingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="setting">
      <h3 className="setting__title">{title}</h3>
      {children}
    </section>
  );
}
