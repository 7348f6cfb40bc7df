import { ComingSoon } from '@/ui/coming-soon';
import { Page } from '@/ui/page';

export function NotificationsPage() {
  return (
    <Page title="Notifications">
      <ComingSoon />
    </Page>
  );
}
