import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser, Factor } from '@datebook/contracts';
import { UnauthenticatedError } from '@datebook/server';

interface UserRow {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  username: string;
  access_type: AuthUser['accessType'];
  new_email: string | null;
  factors: Array<{ id: string; friendly_name: string | null; status: Factor['status']; created_at: string }>;
}

/** Reads the signed-in user as the api returns it: account, username, role and factors. */
@Injectable()
export class AuthUserReader {
  constructor(private readonly dataSource: DataSource) {}

  async load(userId: string, manager: EntityManager = this.dataSource.manager): Promise<AuthUser> {
    const [row] = await manager.query<UserRow[]>(
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
    if (!row) {
      throw new UnauthenticatedError();
    }
    return {
      id: row.id,
      email: row.email,
      emailConfirmedAt: row.email_confirmed_at?.toISOString() ?? null,
      newEmail: row.new_email,
      username: row.username,
      accessType: row.access_type,
      factors: row.factors.map((factor) => ({
        id: factor.id,
        friendlyName: factor.friendly_name,
        factorType: 'totp',
        status: factor.status,
        createdAt: new Date(factor.created_at).toISOString(),
      })),
    };
  }
}
