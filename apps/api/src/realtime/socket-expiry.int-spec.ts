import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { messages, type SocketAck } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import type { TestSocket } from '../testing/test-sockets';
import { newUser, type TestUser } from '../testing/test-users';

/** Sockets live no longer than their access token, unless the client hands them a newer one. */
describe('socket expiry', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const api = useTestApi({ env: { AUTH_JWT_PRIVATE_KEY: pem }, listen: true });
  let member: TestUser;

  beforeAll(async () => {
    member = await newUser(api);
  });

  /** An access token signed with the api's key that expires in `seconds`. */
  const tokenFor = async (userId: string, seconds: number, sid = randomUUID()): Promise<string> => {
    const key = await importPKCS8(pem, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid, aal: 'aal1', naal: 'aal1', role: 'standard' })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(userId)
      .setIssuer(api.env.config.app.publicUrl)
      .setAudience('authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + seconds)
      .sign(key);
  };

  const connect = (token: string): Promise<TestSocket> => api.connect({ auth: { token } });
  const closing = (socket: TestSocket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  const reauthenticate = (socket: TestSocket, token: string) =>
    new Promise<SocketAck>((resolve) => socket.emit('auth.refresh', { token }, resolve));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('closes a socket when its access token expires', async () => {
    const socket = await connect(await tokenFor(member.id, 2));
    const started = Date.now();
    expect(await closing(socket)).toBe('io server disconnect');
    expect(Date.now() - started).toBeGreaterThan(500);
  });

  it('keeps a socket open past the expiry when it is handed a newer token of the member', async () => {
    const sid = randomUUID();
    const socket = await connect(await tokenFor(member.id, 2, sid));
    expect(await reauthenticate(socket, await tokenFor(member.id, 60, sid))).toEqual({ ok: true });
    await sleep(3000);
    expect(socket.connected).toBe(true);
  });

  it("refuses another member's token, a garbled one or none, and then closes at the expiry", async () => {
    const other = await newUser(api);
    const socket = await connect(await tokenFor(member.id, 3));
    const refused = {
      ok: false,
      error: { code: 'UNAUTHENTICATED', message: messages.auth.sessionMissing },
    };
    expect(await reauthenticate(socket, await tokenFor(other.id, 60))).toEqual(refused);
    expect(await reauthenticate(socket, 'not-a-jwt')).toEqual(refused);
    expect(await reauthenticate(socket, '')).toEqual(refused);
    expect(await closing(socket)).toBe('io server disconnect');
  });
});
