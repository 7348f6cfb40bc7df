import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '@datebook/contracts';
import { UsersRepository } from '@datebook/db';
import { UnauthenticatedError } from '@datebook/server';

/** Reads the signed-in user as the api returns it: account, username, role and factors. */
@Injectable()
export class AuthUserReader {
  constructor(private readonly users: UsersRepository) {}

  /** `tx` reads inside a transaction that has just changed the user. */
  async load(userId: string, tx?: EntityManager): Promise<AuthUser> {
    const row = await (tx ? this.users.in(tx) : this.users).findAuthUser(userId);
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
