import { formatDisplayDate, placeLabel } from '@datebook/domain';
import { CategoryLabel } from '@/ui/icons/category-label';
import { FactList, type Fact } from '@/ui/layout/fact-list';
import type { PostDetail } from '../hooks/use-post-detail';

/** The post's details as a description list: only those it has. */
export function PostFacts({ post }: { post: PostDetail }) {
  const facts: Fact[] = [];
  if (post.kind === 'date') {
    facts.push(['Date', formatDisplayDate(post.dateOf)]);
  }
  if (post.category) {
    facts.push(['Category', <CategoryLabel category={post.category} />]);
  }
  if (post.budget) {
    facts.push(['Budget', post.budget]);
  }
  if (post.kind === 'activity') {
    if (post.mood) {
      facts.push(['Mood', post.mood]);
    }
    if (post.timeRequired) {
      facts.push(['Time required', post.timeRequired]);
    }
    facts.push(['Location', placeLabel(post)]);
    if (post.equipment.length > 0) {
      facts.push(['What you need', post.equipment.join(', ')]);
    }
  }
  if (post.tags.length > 0) {
    facts.push(['Tags', post.tags.map((tag) => `#${tag}`).join(' ')]);
  }
  return <FactList facts={facts} />;
}
