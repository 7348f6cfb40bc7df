import { Page } from '@/ui/layout/page';

export function PlanEditorPage() {
  return <Page title="Plan a Date" />;
}
