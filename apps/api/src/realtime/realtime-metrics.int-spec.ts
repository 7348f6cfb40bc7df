import { useTestApi } from '../testing/use-test-api';
import { connectSocket } from '../testing/test-sockets';
import { signedIn } from '../testing/test-users';

describe('the socket count in the metrics', () => {
  const api = useTestApi({ listen: true });
  const connected = async (): Promise<number | undefined> => {
    const body = (await api.request({ method: 'GET', url: '/metrics' })).body;
    const line = body.split('\n').find((text) => text.startsWith('socketio_connected_sockets{'));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };

  it('follows the sockets as they connect and leave', async () => {
    expect(await connected()).toBe(0);
    const { session } = await signedIn(api);
    const sockets = [
      await connectSocket(api.origin, { auth: { token: session.accessToken } }),
      await connectSocket(api.origin, { auth: { token: session.accessToken } }),
    ];
    expect(await connected()).toBe(2);
    sockets[0]!.close();
    // The server hears of the close a moment after the client makes it.
    for (let tries = 0; tries < 100 && (await connected()) !== 1; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await connected()).toBe(1);
    sockets[1]!.close();
  });
});
