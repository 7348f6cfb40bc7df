import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import { scrollIntoStrip, useScrollEdges } from './use-scroll-edges';
import './tabs.css';

export interface Tab<K extends string> {
  key: K;
  label: string;
}

interface TabsProps<K extends string> {
  tabs: readonly Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}

/**
 * ARIA tabs: arrow keys, Home and End move between them; only the selected one is in the Tab order.
 * More tabs than the width scroll sideways: a fade at each end that hides some says there are more,
 * and the selected tab is always scrolled into view.
 */
export function Tabs<K extends string>({ tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(listRef);
  const firstScroll = useRef(true);

  const selectedIndex = tabs.findIndex((tab) => tab.key === selected);
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelectorAll<HTMLElement>('[role="tab"]')[selectedIndex];
    if (list && tab) {
      // At once when the strip first shows, smoothly when the member moves along it.
      scrollIntoStrip(list, tab, firstScroll.current ? 'instant' : 'smooth');
      firstScroll.current = false;
    }
  }, [selectedIndex]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: selectedIndex - 1,
      ArrowRight: selectedIndex + 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) {
      return;
    }
    event.preventDefault();
    const index = (target + tabs.length) % tabs.length;
    const tab = tabs[index];
    if (tab) {
      onSelect(tab.key);
      listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus({ preventScroll: true });
    }
  };
  return (
    <div className="tabs">
      <div
        className={classNames(
          'tabs__strip',
          edges.start && 'tabs__strip--more-before',
          edges.end && 'tabs__strip--more-after',
        )}
      >
        <div ref={listRef} role="tablist" className="tabs__list" onKeyDown={handleKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-${tab.key}`}
              aria-selected={tab.key === selected}
              aria-controls={`${id}-panel`}
              tabIndex={tab.key === selected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
