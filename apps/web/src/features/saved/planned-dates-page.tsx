import { Page } from '@/ui/layout/page';

export function PlannedDatesPage() {
  return <Page title="Planned Dates" />;
}
