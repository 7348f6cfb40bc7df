import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { messages, webRoutes, type Collection, type PathParamName, type webPaths } from '@datebook/contracts';
import { useSignedInUser } from '@/features/session';
import { isApiError } from '@/lib/api-error';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { FormMessage } from '@/ui/feedback/form-message';
import { LoadError } from '@/ui/feedback/load-error';
import { Page } from '@/ui/layout/page';
import { EditCollectionDialog } from './components/edit-collection-dialog';
import { SavedCardFeed } from './components/saved-card-feed';
import { useCollectionByName } from './hooks/use-collection-by-name';
import { useCollectionItems } from './hooks/use-post-pages';
import './collections.css';
import { itemCountLabel } from './item-count-label';

/**
 * /{username}/collections/{collectionName}: one of the member's collections, as cards of the posts
 * in it they may still see (spec section 6), with its edit dialog.
 */
export function CollectionPage() {
  const { collectionName = '' } = useParams<PathParamName<typeof webPaths.collection>>();
  const collection = useCollectionByName(collectionName);
  if (collection.isPending) {
    return (
      <Page title={collectionName}>
        <p role="status">{messages.loading.generic}</p>
      </Page>
    );
  }
  if (isApiError(collection.error) && collection.error.status === 404) {
    return (
      <Page title={collectionName}>
        <FormMessage tone="error">{messages.collections.notFoundDot}</FormMessage>
        <BackToCollections />
      </Page>
    );
  }
  // A failed refetch keeps the collection already shown.
  if (collection.data === undefined) {
    return (
      <Page title={collectionName}>
        <LoadError message={messages.collections.unableToLoadOne} onRetry={() => void collection.refetch()} />
        <BackToCollections />
      </Page>
    );
  }
  return <LoadedCollectionPage key={collection.data.id} collection={collection.data} />;
}

function LoadedCollectionPage({ collection }: { collection: Collection }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const items = useCollectionItems(collection.id);
  const [editing, setEditing] = useState(false);
  const count = itemCountLabel(collection);
  return (
    <Page title={collection.name} subtitle={count}>
      <div className="collections-toolbar">
        <BackToCollections />
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit collection
        </Button>
      </div>
      <SavedCardFeed
        posts={items}
        label={collection.name}
        empty={<p className="collections-empty">{messages.empty.collectionPosts}</p>}
        errorText={messages.collections.unableToLoadOne}
      />
      {editing && (
        <EditCollectionDialog
          collection={collection}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            void navigate(webRoutes.collection(user.username, saved.name), { replace: true });
          }}
          onDeleted={() => void navigate(webRoutes.collections(user.username), { replace: true })}
        />
      )}
    </Page>
  );
}

function BackToCollections() {
  const user = useSignedInUser();
  return (
    <ButtonLink variant="ghost" to={webRoutes.collections(user.username)}>
      All collections
    </ButtonLink>
  );
}
