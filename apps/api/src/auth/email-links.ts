import type { EntityManager } from 'typeorm';
import { hashToken, randomToken, writeOutbox } from '@datebook/server';

export type LinkPurpose = 'confirm_email' | 'recovery' | 'email_change';

/**
 * Records a one-time token and asks the worker to mail its link. The raw token is made by the mail
 * job at send time and only its hash is stored, so neither the database nor the queue ever holds a
 * usable link. A newer link replaces any unused older one of the same purpose.
 */
export async function requestEmailLink(
  manager: EntityManager,
  input: {
    userId: string;
    purpose: LinkPurpose;
    ttlMinutes: number;
    newEmail?: string;
    correlationId?: string;
  },
): Promise<string> {
  await manager.query(
    `UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [input.userId, input.purpose],
  );
  const [row] = await manager.query<Array<{ id: string }>>(
    `INSERT INTO one_time_tokens (user_id, purpose, token_hash, new_email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5)) RETURNING id`,
    // A placeholder nobody knows the preimage of, until the mail job sets the real hash.
    [input.userId, input.purpose, hashToken(randomToken()), input.newEmail ?? null, input.ttlMinutes],
  );
  if (!row) {
    throw new Error('one-time token insert returned no row');
  }
  await writeOutbox(manager, 'auth.link-requested', { tokenId: row.id }, input.correlationId);
  return row.id;
}
