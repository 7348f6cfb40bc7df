import { randomBytes } from 'node:crypto';

/** An address no other test or run has used, so duplicate checks start from a clean slate. */
export function uniqueEmail(purpose: string): string {
  return `${purpose}-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`;
}
