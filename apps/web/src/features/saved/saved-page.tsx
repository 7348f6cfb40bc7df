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
import { FormMessage } from '@/ui/feedback/form-message';
import { PlusIcon } from '@/ui/icons/icons';
import { Page } from '@/ui/layout/page';
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
          <Link to={webRoutes.savedPlanned}>{messages.plans.actions.viewAll}</Link>
        </div>
        {plans.isPending ? (
          <>
            <p className="visually-hidden" role="status">
              {messages.loading.generic}
            </p>
            <PlanRowSkeletons />
          </>
        ) : plans.isError ? (
          <FormMessage tone="error">{messages.plans.unableToLoadPlanned}</FormMessage>
        ) : plans.data.length === 0 ? (
          <p className="saved-section__empty">{messages.empty.plannedDates}</p>
        ) : (
          <PlanListRows plans={plans.data} userId={user.id} label="Planned" />
        )}
        <div className="saved-section__actions">
          <ButtonLink variant="secondary" to={webRoutes.plan}>
            {messages.plans.actions.planADate}
          </ButtonLink>
        </div>
      </section>
      {creating && <CreateCollectionDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
