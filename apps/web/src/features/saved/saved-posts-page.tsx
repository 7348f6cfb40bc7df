import { Page } from '@/ui/layout/page';

export function SavedPostsPage() {
  return <Page title="Saved Posts" />;
}
