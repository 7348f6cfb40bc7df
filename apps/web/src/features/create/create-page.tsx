import { Page } from '@/ui/page';

export function CreatePage() {
  return <Page title="Create" />;
}
