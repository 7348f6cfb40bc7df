import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { PlanDocument, PlanOpAccepted, PlanOperationInput, Session } from '@datebook/contracts';
import { FollowsRepository, UsersRepository } from '@datebook/db';

/** A member of the run, signed in through the api. */
export interface ConvergenceAccount {
  id: string;
  username: string;
  accessToken: string;
}

/** A shared plan and the people editing it, the owner first. */
export interface ConvergencePlan {
  id: string;
  members: ConvergenceAccount[];
  /** The operations the setup made (create, invite): in plan_events, but no member's. */
  setupOpIds: Set<string>;
}

const SETUP_CLIENT_ID = 'convergence-setup';
let addressCounter = 0;

/** An address of its own per request, so the api's per-address sign-up limit sees many visitors. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function call<T>(apiUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Signs up through the api, confirms the address in the database (no mail round trip), signs in. */
async function signUp(apiUrl: string, db: DataSource, label: string): Promise<ConvergenceAccount> {
  const username = `conv_${label}_${randomUUID().slice(0, 8)}`;
  const email = `${username}@convergence.example.com`;
  const password = `pw-${username}-secret`;
  await call(apiUrl, '/api/auth/signup', { email, username, password });
  const users = new UsersRepository(db);
  const id = await users.findActiveIdByEmail(email);
  if (!id) {
    throw new Error(`The sign-up of ${email} made no user`);
  }
  await users.confirmEmail(id);
  const session = await call<Session>(apiUrl, '/api/auth/token', { email, password });
  return { id: session.user.id, username, accessToken: session.accessToken };
}

/**
 * One shared plan per entry of `sizes`, with that many people: the owner creates the plan with a
 * date and invites the others (whom they follow), as members do in the app.
 */
export async function seedPlans(
  apiUrl: string,
  db: DataSource,
  sizes: readonly number[],
): Promise<ConvergencePlan[]> {
  const follows = new FollowsRepository(db);
  const plans: ConvergencePlan[] = [];
  for (const [index, size] of sizes.entries()) {
    const members: ConvergenceAccount[] = [];
    for (let member = 0; member < size; member += 1) {
      members.push(await signUp(apiUrl, db, `${index}_${member}`));
    }
    const [owner, ...collaborators] = members;
    for (const collaborator of collaborators) {
      await follows.follow(owner!.id, collaborator.id);
    }
    const createOpId = randomUUID();
    const plan = await call<PlanDocument>(
      apiUrl,
      '/api/plans',
      {
        opId: createOpId,
        clientId: SETUP_CLIENT_ID,
        title: `Convergence ${index}`,
        date: '2030-06-01',
        timeZone: 'UTC',
      },
      owner!.accessToken,
    );
    const inviteOpId = randomUUID();
    const invite: PlanOperationInput = {
      type: 'collaborator.invite',
      userIds: collaborators.map((collaborator) => collaborator.id),
    };
    await call<PlanOpAccepted>(
      apiUrl,
      `/api/plans/${plan.id}/ops`,
      { opId: inviteOpId, clientId: SETUP_CLIENT_ID, baseVersion: plan.version, op: invite },
      owner!.accessToken,
    );
    plans.push({ id: plan.id, members, setupOpIds: new Set([createOpId, inviteOpId]) });
  }
  return plans;
}
