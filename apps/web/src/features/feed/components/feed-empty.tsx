import { webRoutes } from '@datebook/contracts';
import { ButtonLink } from '@/ui/actions/button-link';
import type { FeedTab } from '../feed-tab';

/** The spec has no words for an empty feed; these point to where the feed gets filled. */
const EMPTY_TEXTS: Record<FeedTab, { title: string; hint: string }> = {
  'for-you': {
    title: 'Nothing to show yet',
    hint: 'Posts picked for you appear here as people share activities and dates. Find creators to follow on Explore.',
  },
  following: {
    title: 'No posts from people you follow',
    hint: 'Follow people to see their newest posts here. Explore shows creators worth following.',
  },
};

export function FeedEmpty({ tab }: { tab: FeedTab }) {
  const text = EMPTY_TEXTS[tab];
  return (
    <div className="feed-empty">
      <h2 className="feed-empty__title">{text.title}</h2>
      <p className="feed-empty__hint">{text.hint}</p>
      <ButtonLink to={webRoutes.explore}>Go to Explore</ButtonLink>
    </div>
  );
}
