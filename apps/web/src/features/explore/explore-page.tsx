import { Page } from '@/ui/layout/page';

export function ExplorePage() {
  return <Page title="Explore" />;
}
