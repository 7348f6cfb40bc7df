import { join } from 'node:path';

/** Written by grant-access.setup.ts: a browser that has passed the access-code gate. */
export const GRANTED_STATE = join(__dirname, '..', '..', 'test-results', '.granted-storage-state.json');

/** A browser that has never been here: for the tests of the gate itself. */
export const FRESH_STATE = { cookies: [], origins: [] };
