import { Page } from '@/ui/page';

export function PlannedDatesPage() {
  return <Page title="Planned Dates" />;
}
