import { messages } from '@datebook/contracts';
import { SavedCardFeed, useSavedPosts } from '@/features/collections';
import { Page } from '@/ui/layout/page';
import './saved.css';

/**
 * /saved/posts: the posts in the member's default collection, newest save first (spec section 2).
 * It is a collection's page in all but name, so it uses that page's error text; its empty state
 * speaks of saved posts, not of a collection.
 */
export function SavedPostsPage() {
  const posts = useSavedPosts();
  return (
    <Page title="Saved Posts">
      <SavedCardFeed
        posts={posts}
        label="Saved Posts"
        empty={<p className="saved-section__empty">{messages.empty.savedPosts}</p>}
        errorText={messages.collections.unableToLoadOne}
      />
    </Page>
  );
}
