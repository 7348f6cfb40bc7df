import { Page } from '@/ui/page';

export function SavedPostsPage() {
  return <Page title="Saved Posts" />;
}
