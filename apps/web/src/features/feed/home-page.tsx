import { Page } from '@/ui/layout/page';

export function HomePage() {
  return <Page title="Home" />;
}
