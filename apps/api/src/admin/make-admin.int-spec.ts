import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import type { Session } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { newUser } from '../testing/test-users';

const run = promisify(execFile);
const script = join(__dirname, '..', '..', '..', '..', 'scripts', 'make-admin.mjs');

/** Admins are made only by this command, never through the api. */
describe('npm run make-admin', () => {
  const api = useTestApi();
  const makeAdmin = (...args: string[]) =>
    run(process.execPath, [script, ...args], {
      env: { ...process.env, DATABASE_URL: api.env.config.db.url },
    });
  const accessType = async (id: string) =>
    (
      await api.app
        .get(DataSource)
        .query<[{ access_type: string }]>('SELECT access_type FROM profiles WHERE id = $1', [id])
    )[0].access_type;

  const announced = async (id: string) =>
    (
      await api.app
        .get(DataSource)
        .query<[{ n: number }]>(
          `SELECT count(*)::int AS n FROM outbox WHERE event_type = 'profile.changed' AND payload->>'profileId' = $1`,
          [id],
        )
    )[0].n;

  it('grants the role by username in any case; the next sign-in carries it', async () => {
    const user = await newUser(api);
    const { stdout } = await makeAdmin(user.username.toUpperCase());
    expect(stdout).toContain('is now an admin');
    expect(await accessType(user.id)).toBe('admin');
    // Search must stop showing an admin's posts: the worker reindexes on this event.
    expect(await announced(user.id)).toBe(1);
    const session = (
      await api.request({
        method: 'POST',
        url: '/api/auth/token',
        payload: { email: user.email, password: user.password },
      })
    ).json<Session>();
    expect(session.user.accessType).toBe('admin');

    await makeAdmin(user.username, '--revoke');
    expect(await accessType(user.id)).toBe('standard');
    expect(await announced(user.id)).toBe(2);
  });

  it('says so when nobody has the username', async () => {
    await expect(makeAdmin('no_such_member')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No profile is called "no_such_member"'),
    });
  });
});
