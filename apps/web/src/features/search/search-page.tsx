import { Page } from '@/ui/layout/page';

export function SearchPage() {
  return <Page title="Search" />;
}
