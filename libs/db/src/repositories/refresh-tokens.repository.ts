import type { Aal } from '@datebook/contracts';
import { SqlRepository } from './sql-repository';

/** A refresh token as rotation sees it. A session is a family of them; the family id is its `sid`. */
export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  aal: Aal;
  expires_at: Date;
  revoked_at: Date | null;
  replaced_by: string | null;
  /** The successor sealed for a caller that presents this token again (see `markRotated`). */
  successor_sealed: string | null;
  /** Rotated so recently that presenting it again may be a race rather than a copy. */
  rotated_within_reuse_interval: boolean;
}

/** The refresh_tokens table: every session's rotating tokens, stored as hashes. */
export class RefreshTokensRepository extends SqlRepository {
  async insert(token: {
    userId: string;
    familyId: string;
    tokenHash: string;
    parentId: string | null;
    expiresAt: Date;
    aal: Aal;
    userAgent: string | null;
  }): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, parent_id, expires_at, aal, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        token.userId,
        token.familyId,
        token.tokenHash,
        token.parentId,
        token.expiresAt,
        token.aal,
        token.userAgent,
      ],
    );
    return row!.id;
  }

  /** The token of a live account, locked until the caller's transaction ends: rotation happens once. */
  async lockForRotation(
    tokenHash: string,
    reuseIntervalSeconds: number,
  ): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.query<RefreshTokenRow>(
      `SELECT r.id, r.user_id, r.family_id, r.aal, r.expires_at, r.revoked_at, r.replaced_by,
              r.successor_sealed,
              coalesce(r.revoked_at > now() - make_interval(secs => $2), false)
                AS rotated_within_reuse_interval
         FROM refresh_tokens r JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
        WHERE r.token_hash = $1 FOR UPDATE OF r`,
      [tokenHash, reuseIntervalSeconds],
    );
    return row;
  }

  /**
   * Whether the token can still be used. A statement of its own: the snapshot of a SELECT that
   * waited for a row lock predates rows the lock holder inserted, such as this token.
   */
  async isLive(id: string): Promise<boolean> {
    const rows = await this.query<unknown>(
      'SELECT 1 FROM refresh_tokens WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()',
      [id],
    );
    return rows.length > 0;
  }

  /**
   * Revokes the token and names the one that took its place; `successorSealed` lets a caller racing
   * with the same token receive that successor too.
   */
  async markRotated(id: string, successorHash: string, successorSealed: string): Promise<void> {
    await this.query(
      `UPDATE refresh_tokens SET revoked_at = now(), successor_sealed = $3,
              replaced_by = (SELECT id FROM refresh_tokens WHERE token_hash = $2)
        WHERE id = $1`,
      [id, successorHash, successorSealed],
    );
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
  }

  /** Revokes every session of the user but `exceptFamilyId`, when given. */
  async revokeAllOfUser(userId: string, exceptFamilyId?: string): Promise<void> {
    await this.query(
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2`,
      [userId, exceptFamilyId ?? null],
    );
  }

  /**
   * The user's sessions (but `exceptFamilyId`) that issued a token in the last `seconds`: those may
   * hold a live access token.
   */
  async familiesIssuedWithin(userId: string, seconds: number, exceptFamilyId?: string): Promise<string[]> {
    const rows = await this.query<{ family_id: string }>(
      `SELECT DISTINCT family_id FROM refresh_tokens
        WHERE user_id = $1 AND created_at > now() - make_interval(secs => $2)
          AND family_id IS DISTINCT FROM $3`,
      [userId, seconds, exceptFamilyId ?? null],
    );
    return rows.map((row) => row.family_id);
  }
}
