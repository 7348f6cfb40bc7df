import type { Page } from '@playwright/test';

/** The smallest hit box a finger can rely on (WCAG 2.5.5, Apple's and Google's guidelines). */
export const MIN_TARGET_PX = 44;

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every control in the page's main area whose hit box is under 44×44 px: links, buttons, inputs
 * (with their labels, which take the same taps), role=button and tabs. Left out: links inside
 * running text (WCAG's inline exception) and controls hidden from view.
 */
export async function smallTargetsInMain(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ min }) => {
      const main = document.querySelector('main');
      if (!main) {
        throw new Error('no main element');
      }
      const union = (rects: DOMRect[]) => {
        const left = Math.min(...rects.map((rect) => rect.left));
        const top = Math.min(...rects.map((rect) => rect.top));
        const right = Math.max(...rects.map((rect) => rect.right));
        const bottom = Math.max(...rects.map((rect) => rect.bottom));
        return { width: right - left, height: bottom - top };
      };
      const isShown = (element: Element) => {
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0';
      };
      // A link set in a sentence: inline, in a block that holds more words than the link.
      const inRunningText = (element: Element) => {
        if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') {
          return false;
        }
        const own = element.textContent?.trim().length ?? 0;
        const around = element.parentElement?.textContent?.trim().length ?? 0;
        return around > own;
      };
      const describe = (element: Element) => {
        const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
        const name = element.getAttribute('aria-label') ?? label ?? element.textContent ?? '';
        return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${name.trim().slice(0, 40)}"`;
      };
      const controls = main.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]',
      );
      const small: { what: string; width: number; height: number }[] = [];
      for (const element of controls) {
        if (inRunningText(element)) {
          continue;
        }
        const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])].filter(isShown) : [];
        const shown = isShown(element);
        if (!shown && labels.length === 0) {
          continue;
        }
        const rects = [
          ...(shown ? [element.getBoundingClientRect()] : []),
          ...labels.map((label) => label.getBoundingClientRect()),
        ];
        const { width, height } = union(rects);
        if (width < min - 0.5 || height < min - 0.5) {
          small.push({ what: describe(element), width: Math.round(width), height: Math.round(height) });
        }
      }
      return small;
    },
    { min: MIN_TARGET_PX },
  );
}
