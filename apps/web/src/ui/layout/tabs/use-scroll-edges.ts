import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Tabs are hidden past the start (scrolled away). */
  start: boolean;
  /** Tabs are hidden past the end. */
  end: boolean;
}

/** Less than a pixel of overflow is rounding, not a hidden tab. */
const SLACK_PX = 1;

/** Which ends of a sideways-scrolling strip hide content, kept up to date as it scrolls or resizes. */
export function useScrollEdges(strip: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });

  useEffect(() => {
    const element = strip.current;
    if (!element) {
      return;
    }
    const measure = () => {
      const start = element.scrollLeft > SLACK_PX;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - SLACK_PX;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    element.addEventListener('scroll', measure, { passive: true });
    // A resize observer reports once as it starts, which takes the first measure too.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    for (const child of element.children) {
      observer?.observe(child);
    }
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [strip]);

  return edges;
}

/** Scrolls the strip (and only the strip, never the page) just enough to show `item` whole. */
export function scrollIntoStrip(strip: HTMLElement, item: HTMLElement, behavior: ScrollBehavior) {
  const left = item.offsetLeft - strip.offsetLeft;
  const right = left + item.offsetWidth;
  if (left < strip.scrollLeft) {
    strip.scrollTo({ left, behavior });
  } else if (right > strip.scrollLeft + strip.clientWidth) {
    strip.scrollTo({ left: right - strip.clientWidth, behavior });
  }
}
