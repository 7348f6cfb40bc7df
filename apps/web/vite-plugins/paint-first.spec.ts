import { describe, expect, it } from 'vitest';
import { lowerShellScriptPriority } from './paint-first';

describe('lowerShellScriptPriority', () => {
  const built = [
    '<script type="module" crossorigin src="/assets/index-a.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
  ].join('\n');

  it('fetches the shell script and its preloaded chunks at low priority, the stylesheet as before', () => {
    expect(lowerShellScriptPriority(built).split('\n')).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    ]);
  });

  it('leaves a priority already given alone, so running twice changes nothing', () => {
    const once = lowerShellScriptPriority(built);
    expect(lowerShellScriptPriority(once)).toBe(once);
  });
});
