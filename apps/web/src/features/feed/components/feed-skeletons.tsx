/** Grey stand-ins shaped like full cards while a page loads; hidden from assistive tech. */
export function FeedSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="feed-skeleton" aria-hidden="true" data-testid="feed-skeleton">
          <span className="feed-skeleton__author" />
          <span className="feed-skeleton__media" />
          <span className="feed-skeleton__line" />
          <span className="feed-skeleton__line feed-skeleton__line--short" />
        </li>
      ))}
    </>
  );
}
