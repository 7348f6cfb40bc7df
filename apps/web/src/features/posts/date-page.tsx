import { PostPage } from './components/post-page';

export function DatePage() {
  return <PostPage kind="date" />;
}
