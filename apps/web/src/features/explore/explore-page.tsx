import { Page } from '@/ui/page';

export function ExplorePage() {
  return <Page title="Explore" />;
}
