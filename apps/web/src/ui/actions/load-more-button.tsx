import { Button, type ButtonVariant } from './button';

/** What the button needs of an infinite query. */
export interface PagedQuery {
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a paged list: asks for the next page once however often it is pressed, and
 * shows that it is loading. `ready` holds it back where the list also loads on its own (a failed
 * page waiting for its retry).
 */
export function LoadMoreButton({
  query,
  variant = 'secondary',
  ready = true,
}: {
  query: PagedQuery;
  variant?: ButtonVariant;
  ready?: boolean;
}) {
  return (
    <Button
      variant={variant}
      pending={query.isFetchingNextPage}
      onClick={() => ready && !query.isFetchingNextPage && void query.fetchNextPage()}
    >
      Load more
    </Button>
  );
}
