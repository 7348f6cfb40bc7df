import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import type { Session } from '@datebook/contracts';
import { TestData, type NewMemberOptions, type TestMember } from '@datebook/db/testing';
import { hashPassword } from '../auth/password-hasher';
import { SessionService, type IssuedSession } from '../auth/session.service';
import type { TestApi } from './test-api';

export interface TestUser extends TestMember {
  password: string;
}

export type NewUserOptions = Omit<NewMemberOptions, 'passwordHash'> & { password?: string };

/**
 * A member who can sign in with `password`, written through the db kit (sign-up itself is tested
 * through the api).
 */
export async function newUser(api: Pick<TestApi, 'app'>, options: NewUserOptions = {}): Promise<TestUser> {
  const { password = 'correct horse battery', ...member } = options;
  const data = new TestData(api.app.get(DataSource));
  const created = await data.newMember({ ...member, passwordHash: await hashPassword(password) });
  return { ...created, password };
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

/**
 * The people spec section 6 tells apart, each signed in: a public, a private and an admin author,
 * a member who follows nobody and a follower (whom each spec has follow whom it needs).
 */
export async function visibilityCast(api: TestApi) {
  return {
    publicAuthor: await signedIn(api),
    privateAuthor: await signedIn(api, { isPrivate: true }),
    admin: await signedIn(api, { accessType: 'admin' }),
    member: await signedIn(api),
    follower: await signedIn(api),
  };
}
