import { Page } from '@/ui/layout/page';

export function SavedPage() {
  return <Page title="Your Lists" subtitle="Manage your collections, shared posts, and planned activities" />;
}
