import { SqlRepository } from './sql-repository';

/** What an e-mailed link is for (CHECK one_time_tokens_purpose_check). */
export type OneTimeTokenPurpose = 'confirm_email' | 'recovery' | 'email_change' | 'email_change_undo';

/** A redeemed token: whose it was, and the address an e-mail change goes to. */
export interface RedeemedTokenRow {
  id: string;
  user_id: string;
  new_email: string | null;
}

/** A token about to be mailed: what the link is for, where it goes, how long it lives. */
export interface MailableTokenRow {
  purpose: OneTimeTokenPurpose;
  new_email: string | null;
  email: string;
  username: string;
  minutes_left: number;
}

/** What a new token is for, whom, where an e-mail change goes, and how long it lives. */
export interface NewOneTimeToken {
  userId: string;
  purpose: OneTimeTokenPurpose;
  tokenHash: string;
  newEmail: string | null;
  ttlMinutes: number;
}

/** The one_time_tokens table: e-mailed links, stored only as hashes. */
export class OneTimeTokensRepository extends SqlRepository {
  /**
   * A new token of this purpose, and every unused older one marked used. Run it in a transaction:
   * the two statements stand or fall together.
   */
  async replace(token: NewOneTimeToken): Promise<string> {
    await this.voidUnused(token.userId, [token.purpose]);
    return this.insert(token);
  }

  /** A new token beside any unused older ones of the same purpose, which keep working. */
  async insert(token: NewOneTimeToken): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO one_time_tokens (user_id, purpose, token_hash, new_email, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5)) RETURNING id`,
      [token.userId, token.purpose, token.tokenHash, token.newEmail, token.ttlMinutes],
    );
    return row!.id;
  }

  /** Voids the user's unused tokens of these purposes: their links stop working. */
  async voidUnused(userId: string, purposes: OneTimeTokenPurpose[]): Promise<void> {
    await this.query(
      `UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND purpose = ANY($2) AND used_at IS NULL`,
      [userId, purposes],
    );
  }

  /** Voids the user's unused tokens of this purpose issued no earlier than the token `sinceTokenId`. */
  async voidUnusedIssuedSince(
    userId: string,
    purpose: OneTimeTokenPurpose,
    sinceTokenId: string,
  ): Promise<void> {
    await this.query(
      `UPDATE one_time_tokens SET used_at = now()
        WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
          AND created_at >= (SELECT created_at FROM one_time_tokens WHERE id = $3)`,
      [userId, purpose, sinceTokenId],
    );
  }

  /** Marks the token used, once, while it is live and its account exists. */
  async redeem(tokenHash: string, purpose: OneTimeTokenPurpose): Promise<RedeemedTokenRow | undefined> {
    const [row] = await this.modifyReturning<RedeemedTokenRow>(
      `UPDATE one_time_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = user_id AND u.deleted_at IS NULL)
        RETURNING id, user_id, new_email`,
      [tokenHash, purpose],
    );
    return row;
  }

  /**
   * Whether this confirmation link was already spent on an address that is now confirmed. A replaced
   * link counts as spent too, hence the confirmed check.
   */
  async isSpentConfirmation(tokenHash: string): Promise<boolean> {
    const rows = await this.query<unknown>(
      `SELECT 1 FROM one_time_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.purpose = 'confirm_email' AND t.used_at IS NOT NULL
          AND u.email_confirmed_at IS NOT NULL AND u.deleted_at IS NULL`,
      [tokenHash],
    );
    return rows.length > 0;
  }

  /**
   * Stores the hash of the token about to be mailed, while the token is live and its account exists;
   * gives back what the mail says, or nothing when it must not go.
   */
  async setHashForMailing(tokenId: string, tokenHash: string): Promise<MailableTokenRow | undefined> {
    const [row] = await this.modifyReturning<MailableTokenRow>(
      `UPDATE one_time_tokens t SET token_hash = $2
         FROM users u JOIN profiles p ON p.id = u.id
        WHERE t.id = $1 AND u.id = t.user_id AND t.used_at IS NULL AND t.expires_at > now() AND u.deleted_at IS NULL
        RETURNING t.purpose, t.new_email, u.email, p.username,
                  ceil(extract(epoch FROM t.expires_at - now()) / 60)::int AS minutes_left`,
      [tokenId, tokenHash],
    );
    return row;
  }
}
