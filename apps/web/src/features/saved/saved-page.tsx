import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages, webRoutes } from '@datebook/contracts';
import {
  CollectionGrid,
  CollectionSkeletons,
  CreateCollectionDialog,
  useCollections,
} from '@/features/collections';
import { PlanListRows, PlanRowSkeletons, useLivePlanLists, usePlanPreview } from '@/features/plans';
import { useSignedInUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { PlusIcon } from '@/ui/icons/icons';
import { Page } from '@/ui/layout/page';
import { SavedSection } from './components/saved-section';
import './saved.css';

/** Collections previewed on Your Lists (spec section 9). */
const COLLECTIONS_PREVIEW = 2;

/**
 * /saved, Your Lists (spec section 2): the first collections with a way to all of them and to a new
 * one, the saved posts, and the Planned section: the first plans, View All and Plan a Date.
 */
export function SavedPage() {
  const user = useSignedInUser();
  const collections = useCollections();
  const plans = usePlanPreview();
  const [creating, setCreating] = useState(false);
  useLivePlanLists();
  return (
    <Page title="Your Lists" subtitle="Manage your collections, shared posts, and planned activities">
      <SavedSection
        headingId="saved-collections"
        title="Collections"
        aside={<Link to={webRoutes.collections(user.username)}>View All &gt;</Link>}
        query={collections}
        isEmpty={(items) => items.length === 0}
        loadingText={messages.loading.collections}
        skeletons={<CollectionSkeletons />}
        errorText={messages.collections.unableToLoad}
        emptyText={messages.empty.collections}
        list={(items) => (
          <CollectionGrid
            collections={items.slice(0, COLLECTIONS_PREVIEW)}
            username={user.username}
            label="Collections"
          />
        )}
        actions={
          <div className="saved-section__actions">
            <Button variant="secondary" onClick={() => setCreating(true)}>
              <PlusIcon size={18} />
              Create a Collection
            </Button>
            <ButtonLink variant="ghost" to={webRoutes.savedPosts}>
              Saved Posts
            </ButtonLink>
            <ButtonLink variant="ghost" to={webRoutes.savedShared}>
              Shared Posts
            </ButtonLink>
          </div>
        }
      />
      <SavedSection
        headingId="saved-planned"
        title="Planned"
        aside={<Link to={webRoutes.savedPlanned}>{messages.plans.actions.viewAll}</Link>}
        query={plans}
        isEmpty={(items) => items.length === 0}
        loadingText={messages.loading.generic}
        skeletons={<PlanRowSkeletons />}
        errorText={messages.plans.unableToLoadPlanned}
        emptyText={messages.empty.plannedDates}
        list={(items) => <PlanListRows plans={items} userId={user.id} label="Planned" />}
        actions={
          <div className="saved-section__actions">
            <ButtonLink variant="secondary" to={webRoutes.plan}>
              {messages.plans.actions.planADate}
            </ButtonLink>
          </div>
        }
      />
      {creating && <CreateCollectionDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
