import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type Tab } from './tabs';

type Key = 'top' | 'activities' | 'dates' | 'users';
const TABS: readonly Tab<Key>[] = [
  { key: 'top', label: 'Top' },
  { key: 'activities', label: 'Activities' },
  { key: 'dates', label: 'Dates' },
  { key: 'users', label: 'Users' },
];

function SearchTabs() {
  const [selected, setSelected] = useState<Key>('top');
  return (
    <Tabs tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>Panel of {selected}</p>
    </Tabs>
  );
}

/** jsdom lays nothing out: a 200 px strip over 400 px of 100 px tabs, as a phone would. */
function layOut(strip: HTMLElement, scrollTo: (options: ScrollToOptions) => void) {
  let scrollLeft = 0;
  Object.defineProperties(strip, {
    clientWidth: { configurable: true, value: 200 },
    scrollWidth: { configurable: true, value: 400 },
    offsetLeft: { configurable: true, value: 0 },
    scrollLeft: {
      configurable: true,
      get: () => scrollLeft,
      set: (value: number) => {
        scrollLeft = value;
      },
    },
  });
  strip.scrollTo = ((options: ScrollToOptions) => {
    scrollTo(options);
    scrollLeft = options.left ?? scrollLeft;
    fireEvent.scroll(strip);
  }) as typeof strip.scrollTo;
  for (const [index, tab] of [...strip.querySelectorAll<HTMLElement>('[role="tab"]')].entries()) {
    Object.defineProperties(tab, {
      offsetLeft: { configurable: true, value: index * 100 },
      offsetWidth: { configurable: true, value: 100 },
    });
  }
}

const stripFrame = () => screen.getByRole('tablist').parentElement!;

describe('tabs that do not fit', () => {
  it('fade the end that hides tabs, and the start once scrolled', () => {
    render(<SearchTabs />);
    const strip = screen.getByRole('tablist');
    layOut(strip, vi.fn());
    fireEvent.scroll(strip);
    expect(stripFrame().className).toContain('tabs__strip--more-after');
    expect(stripFrame().className).not.toContain('tabs__strip--more-before');

    strip.scrollLeft = 200;
    fireEvent.scroll(strip);
    expect(stripFrame().className).toContain('tabs__strip--more-before');
    expect(stripFrame().className).not.toContain('tabs__strip--more-after');
  });

  it('scroll the selected tab into view as the arrow keys move along, and only the strip', async () => {
    const user = userEvent.setup();
    render(<SearchTabs />);
    const strip = screen.getByRole('tablist');
    const scrollTo = vi.fn();
    layOut(strip, scrollTo);

    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await user.keyboard('{ArrowRight}{ArrowRight}');

    const users = screen.getByRole('tab', { name: 'Users' });
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(users);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel of users');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });
    expect(stripFrame().className).toContain('tabs__strip--more-before');

    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Top' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
  });

  it('wrap around with the arrows and keep only the selected tab in the Tab order', async () => {
    const user = userEvent.setup();
    render(<SearchTabs />);
    await user.click(screen.getByRole('tab', { name: 'Top' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Users' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, 0]);
  });
});
