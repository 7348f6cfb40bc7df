import { Page } from '@/ui/page';

export function SearchPage() {
  return <Page title="Search" />;
}
