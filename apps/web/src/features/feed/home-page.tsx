import { useState } from 'react';
import type { PostCard } from '@datebook/contracts';
import { PostDetailDialog, useCardActions } from '@/features/posts';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';
import { Page } from '@/ui/layout/page';
import { Tabs } from '@/ui/layout/tabs/tabs';
import { FeedList } from './components/feed-list';
import { FEED_TABS } from './feed-tab';
import { useFeedTab } from './hooks/use-feed-tab';
import './feed.css';

/**
 * Home (spec section 2, route `/`): the For You and Following feeds. Cards open the post's popup,
 * where the comments are; like, share and save work from the card.
 */
export function HomePage() {
  const [tab, selectTab] = useFeedTab();
  const [open, setOpen] = useState<PostCard | null>(null);
  const { actions, manualUrl, closeManual } = useCardActions(setOpen);
  return (
    <Page title="Home">
      <Tabs tabs={FEED_TABS} selected={tab} onSelect={selectTab}>
        <FeedList key={tab} tab={tab} actions={actions} onOpen={setOpen} />
      </Tabs>
      {open && <PostDetailDialog kind={open.kind} id={open.id} onClose={() => setOpen(null)} />}
      {manualUrl && <ManualCopyDialog url={manualUrl} onClose={closeManual} />}
    </Page>
  );
}
