import { ComingSoon } from '@/ui/coming-soon';
import { Page } from '@/ui/page';

export function SharedPostsPage() {
  return (
    <Page title="Shared Posts">
      <ComingSoon />
    </Page>
  );
}
