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
  async lockForRotation(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.query<RefreshTokenRow>(
      `SELECT r.id, r.user_id, r.family_id, r.aal, r.expires_at, r.revoked_at, r.replaced_by
         FROM refresh_tokens r JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
        WHERE r.token_hash = $1 FOR UPDATE OF r`,
      [tokenHash],
    );
    return row;
  }

  /** Revokes the token and names the one that took its place. */
  async markRotated(id: string, successorHash: string): Promise<void> {
    await this.query(
      `UPDATE refresh_tokens SET revoked_at = now(),
              replaced_by = (SELECT id FROM refresh_tokens WHERE token_hash = $2)
        WHERE id = $1`,
      [id, successorHash],
    );
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
  }

  async revokeAllOfUser(userId: string): Promise<void> {
    await this.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
  }

  /** The user's sessions that issued a token in the last `seconds`: those may hold a live access token. */
  async familiesIssuedWithin(userId: string, seconds: number): Promise<string[]> {
    const rows = await this.query<{ family_id: string }>(
      `SELECT DISTINCT family_id FROM refresh_tokens
        WHERE user_id = $1 AND created_at > now() - make_interval(secs => $2)`,
      [userId, seconds],
    );
    return rows.map((row) => row.family_id);
  }
}
