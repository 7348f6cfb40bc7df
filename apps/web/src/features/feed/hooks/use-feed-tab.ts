import { useSearchParams } from 'react-router-dom';
import { DEFAULT_FEED_TAB, isFeedTab, type FeedTab } from '../feed-tab';

/** Where the last chosen tab is kept, so Home opens on it next time. */
const STORAGE_KEY = 'datebook.feedTab';

/**
 * The selected feed tab: the URL's `?tab=` when it names one (so a link or a reload keeps it), else
 * the one last chosen on this device, else For You.
 */
export function useFeedTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get('tab');
  const tab: FeedTab = isFeedTab(fromUrl) ? fromUrl : (rememberedTab() ?? DEFAULT_FEED_TAB);
  const selectTab = (next: FeedTab) => {
    rememberTab(next);
    setSearchParams({ tab: next }, { replace: true });
  };
  return [tab, selectTab] as const;
}

function rememberedTab(): FeedTab | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isFeedTab(stored) ? stored : null;
  } catch {
    return null;
  }
}

function rememberTab(tab: FeedTab): void {
  try {
    localStorage.setItem(STORAGE_KEY, tab);
  } catch {
    // Storage is off (private mode, quota): the URL still holds the tab for this visit.
  }
}
