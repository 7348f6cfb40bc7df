import { useState } from 'react';
import { messages } from '@datebook/contracts';
import { useSignedInUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { LoadError } from '@/ui/feedback/load-error';
import { PlusIcon } from '@/ui/icons/icons';
import { Page } from '@/ui/layout/page';
import { CollectionGrid } from './components/collection-tile';
import { CreateCollectionDialog } from './components/create-collection-dialog';
import { useCollections } from './hooks/use-collections';
import './collections.css';

/** /{username}/collections: the member's own collections, default first (spec section 2). */
export function CollectionsPage() {
  const user = useSignedInUser();
  const collections = useCollections();
  const [creating, setCreating] = useState(false);
  return (
    <Page title="Collections">
      <div className="collections-toolbar">
        <Button onClick={() => setCreating(true)}>
          <PlusIcon size={18} />
          Create a Collection
        </Button>
      </div>
      {collections.isPending ? (
        <p role="status">{messages.loading.collections}</p>
      ) : collections.data === undefined ? (
        <LoadError message={messages.collections.unableToLoad} onRetry={() => void collections.refetch()} />
      ) : collections.data.length === 0 ? (
        <p className="collections-empty">{messages.empty.ownCollections}</p>
      ) : (
        <CollectionGrid collections={collections.data} username={user.username} label="Your collections" />
      )}
      {creating && <CreateCollectionDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
