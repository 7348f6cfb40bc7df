import { Page } from '@/ui/page';

export function CreatePreviewPage() {
  return <Page title="Preview" />;
}
