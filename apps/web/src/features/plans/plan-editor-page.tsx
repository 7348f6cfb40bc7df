import { Page } from '@/ui/page';

export function PlanEditorPage() {
  return <Page title="Plan a Date" />;
}
