import { Page } from '@/ui/layout/page';

export function PlanPreviewPage() {
  return <Page title="Plan Preview" />;
}
