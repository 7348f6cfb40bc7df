import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import type { AccessType, Session } from '@datebook/contracts';
import { DEFAULT_COLLECTION_NAME } from '@datebook/db';
import { hashPassword } from '../auth/password-hasher';
import { SessionService, type IssuedSession } from '../auth/session.service';
import type { TestApi } from './test-api';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
}

export interface NewUserOptions {
  username?: string;
  email?: string;
  password?: string;
  accessType?: AccessType;
  isPrivate?: boolean;
  displayName?: string;
  confirmed?: boolean;
}

let counter = 0;

/**
 * A data builder: a confirmed member with a profile and a default collection, written straight to
 * the database (sign-up itself is tested through the api).
 */
export async function newUser(api: TestApi, options: NewUserOptions = {}): Promise<TestUser> {
  counter += 1;
  const tag = `${counter}${randomUUID().slice(0, 6)}`;
  const user = {
    username: options.username ?? `member_${tag}`,
    email: options.email ?? `member-${tag}@example.com`,
    password: options.password ?? 'correct horse battery',
  };
  const db = api.app.get(DataSource);
  const passwordHash = await hashPassword(user.password);
  const id = await db.transaction(async (manager) => {
    const [row] = await manager.query<Array<{ id: string }>>(
      `INSERT INTO users (email, password_hash, email_confirmed_at) VALUES ($1, $2, $3) RETURNING id`,
      [user.email, passwordHash, options.confirmed === false ? null : new Date()],
    );
    await manager.query(
      `INSERT INTO profiles (id, username, display_name, access_type, is_private) VALUES ($1, $2, $3, $4, $5)`,
      [
        row!.id,
        user.username,
        options.displayName ?? user.username,
        options.accessType ?? 'standard',
        options.isPrivate ?? false,
      ],
    );
    await manager.query('INSERT INTO collections (owner_id, name, is_default) VALUES ($1, $2, true)', [
      row!.id,
      DEFAULT_COLLECTION_NAME,
    ]);
    return row!.id;
  });
  return { id, ...user };
}

/** A signed-in session for the user, issued by the real session service. */
export function sessionFor(api: TestApi, user: TestUser): Promise<IssuedSession> {
  const sessions = api.app.get(SessionService);
  return api.app.get(DataSource).transaction((manager) => sessions.issue(manager, user.id, 'aal1'));
}

/** Requests as the holder of `session`. */
export function asSession(api: TestApi, session: Pick<Session, 'accessToken'>) {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    api.request({
      ...options,
      headers: { ...options.headers, authorization: `Bearer ${session.accessToken}` },
    });
}

/** A new member and a requester signed in as them. */
export async function signedIn(api: TestApi, options: NewUserOptions = {}) {
  const user = await newUser(api, options);
  const session = await sessionFor(api, user);
  return { user, session, request: asSession(api, session) };
}
