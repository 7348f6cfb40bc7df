import { Page } from '@/ui/page';

export function CollectionsPage() {
  return <Page title="Collections" />;
}
