import type { AccessType } from '@datebook/contracts';
import { SqlRepository } from './sql-repository';

/** What signing in checks. */
export interface CredentialsRow {
  id: string;
  password_hash: string;
  email_confirmed_at: Date | null;
}

/** The signed-in user as the api returns it: account, username, role, pending e-mail and factors. */
export interface AuthUserRow {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  username: string;
  access_type: AccessType;
  new_email: string | null;
  factors: Array<{
    id: string;
    friendly_name: string | null;
    status: 'unverified' | 'verified';
    created_at: string;
  }>;
}

/**
 * The users table: accounts and their credentials. E-mails arrive lowercased (a CHECK keeps them so)
 * and are unique across deleted accounts too, until the purge removes the row.
 */
export class UsersRepository extends SqlRepository {
  async findAuthUser(userId: string): Promise<AuthUserRow | undefined> {
    const [row] = await this.query<AuthUserRow>(
      `SELECT u.id, u.email, u.email_confirmed_at, p.username, p.access_type,
              (SELECT t.new_email FROM one_time_tokens t
                WHERE t.user_id = u.id AND t.purpose = 'email_change' AND t.used_at IS NULL AND t.expires_at > now()
                ORDER BY t.created_at DESC LIMIT 1) AS new_email,
              COALESCE((SELECT json_agg(json_build_object('id', f.id, 'friendly_name', f.friendly_name,
                         'status', f.status, 'created_at', f.created_at) ORDER BY f.created_at)
                FROM mfa_factors f WHERE f.user_id = u.id), '[]') AS factors
         FROM users u JOIN profiles p ON p.id = u.id
        WHERE u.id = $1 AND u.deleted_at IS NULL`,
      [userId],
    );
    return row;
  }

  async findCredentials(email: string): Promise<CredentialsRow | undefined> {
    const [row] = await this.query<CredentialsRow>(
      'SELECT id, password_hash, email_confirmed_at FROM users WHERE email = $1 AND deleted_at IS NULL',
      [email],
    );
    return row;
  }

  /** The live account with this address. */
  async findActiveIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.query<{ id: string }>(
      'SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL',
      [email],
    );
    return row?.id;
  }

  /** Whoever holds the address, a deleted account awaiting its purge included. */
  async findIdHoldingEmail(email: string): Promise<string | undefined> {
    const [row] = await this.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return row?.id;
  }

  /** The password hash of a live account, to check the current password before a change. */
  async findPasswordHash(userId: string): Promise<string | undefined> {
    const [row] = await this.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL',
      [userId],
    );
    return row?.password_hash;
  }

  async findEmail(userId: string): Promise<string | undefined> {
    const [row] = await this.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    return row?.email;
  }

  /** Which of a new account's unique fields another account already has, if any. */
  async findTakenField(email: string, username: string): Promise<'email' | 'username' | undefined> {
    const [row] = await this.query<{ field: 'email' | 'username' }>(
      `SELECT 'email' AS field FROM users WHERE email = $1
       UNION ALL SELECT 'username' FROM profiles WHERE lower(username) = lower($2) LIMIT 1`,
      [email, username],
    );
    return row?.field;
  }

  async insert(email: string, passwordHash: string): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      'INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id',
      [email, passwordHash],
    );
    return row!.id;
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      userId,
      passwordHash,
    ]);
  }

  async confirmEmail(userId: string): Promise<void> {
    await this.query(
      'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, now()) WHERE id = $1',
      [userId],
    );
  }

  async setEmail(userId: string, email: string): Promise<void> {
    await this.query('UPDATE users SET email = $2, updated_at = now() WHERE id = $1', [userId, email]);
  }

  async markDeleted(userId: string): Promise<void> {
    await this.query('UPDATE users SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL', [userId]);
  }

  /** Whether the account was deleted and its purge has not removed it yet. */
  async isAwaitingPurge(userId: string): Promise<boolean> {
    const rows = await this.query<unknown>('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NOT NULL', [
      userId,
    ]);
    return rows.length > 0;
  }

  /** Removes a deleted account for good; its rows cascade. */
  async purgeDeleted(userId: string): Promise<void> {
    await this.query('DELETE FROM users WHERE id = $1 AND deleted_at IS NOT NULL', [userId]);
  }
}
