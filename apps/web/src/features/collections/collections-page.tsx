import { Page } from '@/ui/layout/page';

export function CollectionsPage() {
  return <Page title="Collections" />;
}
