import { PostPage } from './components/post-page';

export function ActivityPage() {
  return <PostPage kind="activity" />;
}
