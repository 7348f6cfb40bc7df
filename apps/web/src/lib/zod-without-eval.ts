/**
 * The web build's `zod` (vite.config.ts resolves every `import … from 'zod'` here). zod compiles
 * object parsers with `new Function` where a page allows it, and finds out by trying once, at the
 * first parse. The Content-Security-Policy allows no eval, so the try would be refused and reported
 * as a violation on every page load. Told up front, zod never tries, and parses exactly as it would
 * after the refusal. Being the module every schema imports, this runs before any of them is used,
 * whichever chunk they land in (an import in main.tsx would run after other chunks' module code).
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
