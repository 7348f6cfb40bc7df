import { SqlRepository } from './sql-repository';

/** A factor with its sealed (encrypted) TOTP secret. */
export interface MfaFactorRow {
  id: string;
  secret: string;
  status: 'unverified' | 'verified';
}

/** The mfa_factors table. Every statement names the owner, so another user's factor is never touched. */
export class MfaFactorsRepository extends SqlRepository {
  /** Compared as text, so an id that is not a uuid is simply not found. */
  async findOwn(userId: string, factorId: string): Promise<MfaFactorRow | undefined> {
    const [row] = await this.query<MfaFactorRow>(
      'SELECT id, secret, status FROM mfa_factors WHERE id::text = $1 AND user_id = $2',
      [factorId, userId],
    );
    return row;
  }

  /** Whether the user has passed enrolment with any factor, so sign-in asks for a code. */
  async hasVerified(userId: string): Promise<boolean> {
    const rows = await this.query<unknown>(
      "SELECT 1 FROM mfa_factors WHERE user_id = $1 AND status = 'verified' LIMIT 1",
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * A new unverified TOTP factor; an abandoned enrollment is replaced, never piled up. Run it in a
   * transaction: the two statements stand or fall together.
   */
  async enroll(userId: string, friendlyName: string | null, sealedSecret: string): Promise<string> {
    await this.query("DELETE FROM mfa_factors WHERE user_id = $1 AND status = 'unverified'", [userId]);
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO mfa_factors (user_id, friendly_name, factor_type, secret) VALUES ($1, $2, 'totp', $3) RETURNING id`,
      [userId, friendlyName, sealedSecret],
    );
    return row!.id;
  }

  async markChallenged(userId: string, factorId: string): Promise<void> {
    await this.query('UPDATE mfa_factors SET last_challenged_at = now() WHERE id = $1 AND user_id = $2', [
      factorId,
      userId,
    ]);
  }

  async markVerified(userId: string, factorId: string): Promise<void> {
    await this.query(
      "UPDATE mfa_factors SET status = 'verified', updated_at = now() WHERE id = $1 AND user_id = $2",
      [factorId, userId],
    );
  }

  async remove(userId: string, factorId: string): Promise<void> {
    await this.query('DELETE FROM mfa_factors WHERE id = $1 AND user_id = $2', [factorId, userId]);
  }
}
