import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { rereadQueries } from './reread-queries';

/** A server whose answers the test releases, each with the state at the moment it was read. */
function slowServer() {
  let state = 'processing';
  const pending: (() => void)[] = [];
  const server = {
    reads: 0,
    change(next: string) {
      state = next;
    },
    read(): Promise<string> {
      server.reads += 1;
      const answer = state;
      return new Promise((resolve) => pending.push(() => resolve(answer)));
    },
    answerAll() {
      pending.splice(0).forEach((release) => release());
    },
  };
  return server;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

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

  const showsProcessingOrIsRead = {
    queryKey: ['post'],
    predicate: (query: { state: { fetchStatus: string; data: unknown } }) =>
      query.state.fetchStatus === 'fetching' || query.state.data === 'processing',
  };

  it('reads again after a first read in flight, whose answer predates the change', async () => {
    const server = slowServer();
    const joined = watched(server, ['post', '1']);
    const reread = watched(server, ['post', '2']);
    await settled();
    server.change('ready');

    // What invalidateQueries alone does: the refetch joins the read in flight.
    void joined.client.invalidateQueries({ queryKey: ['post'] });
    const rereading = rereadQueries(reread.client, { queryKey: ['post'] });
    server.answerAll();
    await settled();
    expect(server.reads).toBe(3);
    server.answerAll();
    await rereading;
    await settled();

    expect(joined.observer.getCurrentResult().data).toBe('processing');
    expect(reread.observer.getCurrentResult().data).toBe('ready');
    joined.unsubscribe();
    reread.unsubscribe();
  });

  it('reads a settled query again at once, and leaves queries outside the filters alone', async () => {
    const server = slowServer();
    const post = watched(server, ['post', '1']);
    const other = new QueryObserver(post.client, { queryKey: ['comments'], queryFn: () => server.read() });
    const unsubscribeOther = other.subscribe(() => undefined);
    await settled();
    server.answerAll();
    await settled();

    server.change('ready');
    const reread = rereadQueries(post.client, { queryKey: ['post'] });
    await settled();
    expect(server.reads).toBe(3);
    server.answerAll();
    await reread;

    expect(post.observer.getCurrentResult().data).toBe('ready');
    expect(other.getCurrentResult().data).toBe('processing');
    post.unsubscribe();
    unsubscribeOther();
  });

  it('with a predicate on the data, reads again only if the read in flight still matches it', async () => {
    const server = slowServer();
    const stale = watched(server, ['post', '1']);
    await settled();
    const reread = rereadQueries(stale.client, showsProcessingOrIsRead);
    server.change('ready');
    server.answerAll();
    await settled();
    expect(server.reads).toBe(2);
    server.answerAll();
    await reread;
    expect(stale.observer.getCurrentResult().data).toBe('ready');
    stale.unsubscribe();

    const fresh = watched(server, ['post', '2']);
    await settled();
    const noNeed = rereadQueries(fresh.client, showsProcessingOrIsRead);
    server.answerAll();
    await noNeed;
    await settled();
    expect(server.reads).toBe(3);
    expect(fresh.observer.getCurrentResult().data).toBe('ready');
    fresh.unsubscribe();
  });
});
