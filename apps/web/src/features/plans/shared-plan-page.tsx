import { Page } from '@/ui/layout/page';

/** The read-only plan behind a share link. It is open to anyone, without the access code. */
export function SharedPlanPage() {
  return <Page title="Shared plan" />;
}
