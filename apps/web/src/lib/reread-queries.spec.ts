import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { rereadQueries } from './reread-queries';

/** A server whose answers the test releases one by one, each with the state at the time it was read. */
function slowServer() {
  let state = 'processing';
  const pending: (() => void)[] = [];
  return {
    change(next: string) {
      state = next;
    },
    read(): Promise<string> {
      const answer = state;
      return new Promise((resolve) => pending.push(() => resolve(answer)));
    },
    answerAll() {
      pending.splice(0).forEach((release) => release());
    },
    get reads() {
      return pending.length;
    },
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The re-read went out as a second read and, once answered, the query holds the changed state. */
async function expectReadAgain(
  server: ReturnType<typeof slowServer>,
  observer: { getCurrentResult(): { data: unknown } },
  reread: Promise<void>,
) {
  await settled();
  expect(server.reads).toBe(2);
  server.answerAll();
  await reread;
  await settled();
  expect(observer.getCurrentResult().data).toBe('ready');
}

describe('rereadQueries', () => {
  const clients: QueryClient[] = [];
  afterEach(() => clients.splice(0).forEach((client) => client.clear()));

  function watched(server: ReturnType<typeof slowServer>, key: string[]) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    clients.push(client);
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => server.read() });
    const unsubscribe = observer.subscribe(() => undefined);
    return { client, observer, unsubscribe };
  }

  it('replaces a first read still in flight, whose answer predates the change', async () => {
    const server = slowServer();
    const { client, observer, unsubscribe } = watched(server, ['post', '1']);
    await settled();
    expect(server.reads).toBe(1);

    server.change('ready');
    // What invalidateQueries alone does: joined to the read in flight, no new read.
    void client.invalidateQueries({ queryKey: ['post'] });
    expect(server.reads).toBe(1);

    await expectReadAgain(server, observer, rereadQueries(client, { queryKey: ['post'] }));
    unsubscribe();
  });

  it('reads a query with data again, and leaves queries outside the filters alone', async () => {
    const server = slowServer();
    const post = watched(server, ['post', '1']);
    await settled();
    server.answerAll();
    await settled();
    expect(post.observer.getCurrentResult().data).toBe('processing');
    const other = new QueryObserver(post.client, { queryKey: ['comments'], queryFn: () => server.read() });
    const unsubscribeOther = other.subscribe(() => undefined);
    await settled();
    server.answerAll();
    await settled();

    server.change('ready');
    const reread = rereadQueries(post.client, { queryKey: ['post'] });
    await settled();
    expect(server.reads).toBe(1);
    server.answerAll();
    await reread;

    expect(post.observer.getCurrentResult().data).toBe('ready');
    expect(other.getCurrentResult().data).toBe('processing');
    post.unsubscribe();
    unsubscribeOther();
  });

  it('matches by a predicate on the fetch status before the cancel resets it', async () => {
    const server = slowServer();
    const { client, observer, unsubscribe } = watched(server, ['post', '1']);
    await settled();

    server.change('ready');
    const reread = rereadQueries(client, {
      queryKey: ['post'],
      predicate: (query) => query.state.fetchStatus === 'fetching',
    });
    await expectReadAgain(server, observer, reread);
    unsubscribe();
  });
});
