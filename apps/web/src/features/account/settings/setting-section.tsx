import { useId, type ReactNode } from 'react';

/** One titled group of the settings. */
export function SettingSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="setting" aria-labelledby={headingId}>
      <h3 id={headingId} className="setting__title">
        {title}
      </h3>
      {children}
    </section>
  );
}
