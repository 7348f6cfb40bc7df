import { Page } from '@/ui/page';

export function PostTestsPage() {
  return <Page title="Admin Tools" subtitle="Post tests" />;
}
