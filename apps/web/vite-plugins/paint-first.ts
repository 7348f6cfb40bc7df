import type { Plugin } from 'vite';

/**
 * The shell's script and the chunks the build preloads for it at low fetch priority: index.html
 * paints the boot frame (src/app/boot-screen.tsx) from itself and its stylesheet, so the
 * stylesheet, not the 150 kB of script, is what the first paint waits for on a slow network.
 * Chrome otherwise fetches module preloads at high priority, beside the stylesheet, and a slow
 * link shares its bandwidth between them.
 */
export function lowerShellScriptPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)([^>]*)>/g,
    '<$1 fetchpriority="low"$2>',
  );
}

/** Applies lowerShellScriptPriority to the built index.html. */
export function paintFirst(): Plugin {
  return {
    name: 'datebook-paint-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: lowerShellScriptPriority },
  };
}
