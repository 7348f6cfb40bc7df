import { ComingSoon } from '@/ui/layout/coming-soon';
import { Page } from '@/ui/layout/page';

export function NotificationsPage() {
  return (
    <Page title="Notifications">
      <ComingSoon />
    </Page>
  );
}
