import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages, webRoutes } from '@datebook/contracts';
import {
  CollectionGrid,
  CollectionSkeletons,
  CreateCollectionDialog,
  useCollections,
} from '@/features/collections';
import { useSignedInUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { FormMessage } from '@/ui/feedback/form-message';
import { PlusIcon } from '@/ui/icons/icons';
import { Page } from '@/ui/layout/page';
import './saved.css';

/** Collections previewed on Your Lists (spec section 9). */
const COLLECTIONS_PREVIEW = 2;

/**
 * /saved, Your Lists (spec section 2): the first collections with a way to all of them and to a new
 * one, the saved posts, and the Planned section, which stays empty until plans are built.
 */
export function SavedPage() {
  const user = useSignedInUser();
  const collections = useCollections();
  const [creating, setCreating] = useState(false);
  return (
    <Page title="Your Lists" subtitle="Manage your collections, shared posts, and planned activities">
      <section className="saved-section" aria-labelledby="saved-collections">
        <div className="saved-section__header">
          <h2 id="saved-collections">Collections</h2>
          <Link to={webRoutes.collections(user.username)}>View All &gt;</Link>
        </div>
        {collections.isPending ? (
          <>
            <p className="visually-hidden" role="status">
              {messages.loading.collections}
            </p>
            <CollectionSkeletons />
          </>
        ) : collections.isError ? (
          <FormMessage tone="error">{messages.collections.unableToLoad}</FormMessage>
        ) : collections.data.length === 0 ? (
          <p className="saved-section__empty">{messages.empty.collections}</p>
        ) : (
          <CollectionGrid
            collections={collections.data.slice(0, COLLECTIONS_PREVIEW)}
            username={user.username}
            label="Collections"
          />
        )}
        <div className="saved-section__actions">
          <Button variant="secondary" onClick={() => setCreating(true)}>
            <PlusIcon size={18} />
            Create a Collection
          </Button>
          <ButtonLink variant="ghost" to={webRoutes.savedPosts}>
            Saved Posts
          </ButtonLink>
        </div>
      </section>
      <section className="saved-section" aria-labelledby="saved-planned">
        <div className="saved-section__header">
          <h2 id="saved-planned">Planned</h2>
          <Link to={webRoutes.savedPlanned}>View All</Link>
        </div>
        <p className="saved-section__empty">{messages.empty.plannedDates}</p>
        <div className="saved-section__actions">
          <ButtonLink variant="secondary" to={webRoutes.plan}>
            Plan a Date
          </ButtonLink>
        </div>
      </section>
      {creating && <CreateCollectionDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
