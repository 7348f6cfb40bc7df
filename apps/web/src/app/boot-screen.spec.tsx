import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// The page's source: the build only adds its script and stylesheet tags to it.
import indexHtml from '../../index.html?raw';
import { BootScreen } from './boot-screen';

/** The node without the whitespace-only text between tags, which neither markup means. */
function withoutBlankText(node: Node): Node {
  const copy = node.cloneNode(true);
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  const blanks: Node[] = [];
  while (walker.nextNode()) {
    if (walker.currentNode.textContent?.trim() === '') {
      blanks.push(walker.currentNode);
    }
  }
  blanks.forEach((blank) => blank.parentNode?.removeChild(blank));
  return copy;
}

describe('BootScreen', () => {
  // index.html paints the frame before any script runs; the app then shows the same frame while the
  // session and the first screen load. Any difference would flash or shift as one replaces the other.
  it('is the markup index.html paints before the app starts', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const painted = page.getElementById('root')?.firstElementChild;
    const { container } = render(<BootScreen />);

    expect(painted).toBeTruthy();
    expect(withoutBlankText(container.firstElementChild!).isEqualNode(withoutBlankText(painted!))).toBe(true);
  });

  it('tells assistive technology that the screen is loading', () => {
    const { getByRole } = render(<BootScreen />);
    expect(getByRole('status').textContent).toBe('Loading...');
  });
});
