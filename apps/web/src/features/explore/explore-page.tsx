import { useState } from 'react';
import type { PostCard } from '@datebook/contracts';
import { PostDetailDialog, useCardActions } from '@/features/posts';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';
import { Page } from '@/ui/layout/page';
import { CategoriesRow } from './components/categories-row';
import { CreatorsSection } from './components/creators-section';
import { ExploreGrid } from './components/explore-grid';
import { ExploreSearchBox } from './components/explore-search-box';
import { FeaturedRow } from './components/featured-row';
import { useExploreSearch } from './hooks/use-explore-search';
import './explore.css';

/**
 * Explore (spec section 2, route `/explore`, open to anyone): the search box and filters, Featured
 * Activities, Categories, creators to follow, and the Explore Activities grid. Cards open the post's
 * popup; members like, share and save from the grid, visitors only look.
 */
export function ExplorePage() {
  const search = useExploreSearch();
  const [open, setOpen] = useState<PostCard | null>(null);
  const { actions, readOnly, manualUrl, closeManual } = useCardActions(setOpen);
  return (
    <Page title="Explore">
      <div className="explore">
        <ExploreSearchBox search={search} />
        <FeaturedRow onOpen={setOpen} />
        <CategoriesRow onChoose={search.searchCategory} />
        <CreatorsSection />
        <ExploreGrid actions={actions} readOnly={readOnly} onOpen={setOpen} />
      </div>
      {open && <PostDetailDialog kind={open.kind} id={open.id} onClose={() => setOpen(null)} />}
      {manualUrl && <ManualCopyDialog url={manualUrl} onClose={closeManual} />}
    </Page>
  );
}
