/**
 * A rendition key as the worker writes it since issue 10: `{userId}/{kind}-media/{22-character
 * random token}-{name}`. A ready item whose key does not match was stored under an address derived
 * from ids, and is still to be moved (the `media.rekey-legacy` job). The migration that indexes the
 * items left to move spells the same pattern.
 */
export const TOKENED_RENDITION_KEY = '^[^/]+/[a-z]+-media/[A-Za-z0-9_-]{22}-[^/]+$';
