import { ComingSoon } from '@/ui/layout/coming-soon';
import { Page } from '@/ui/layout/page';

export function SharedPostsPage() {
  return (
    <Page title="Shared Posts">
      <ComingSoon />
    </Page>
  );
}
