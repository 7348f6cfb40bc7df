import { Page } from '@/ui/page';

export function PlanPreviewPage() {
  return <Page title="Plan Preview" />;
}
