import type { ActivityFields, Category } from '@datebook/contracts';
import { formatDisplayDate, placeLabel } from '@datebook/domain';
import { CategoryLabel } from '@/ui/icons/category-label';
import { FactList, type Fact } from '@/ui/layout/fact-list';
import type { PostDetail } from '../hooks/use-post-detail';

/**
 * What a post's fact rows are read from: a published post, or a draft as it will be published. An
 * empty text stands for an unset field, as null does, so a draft's fields fit as they are.
 */
export type FactsSource = {
  category: Pick<Category, 'slug' | 'name'> | null | undefined;
  budget: string | null;
  tags: string[];
} & ({ kind: 'date' } | ({ kind: 'activity' } & ActivityFields));

/**
 * The rows the post page and the create preview both show, in the post page's order, after `first`
 * (what only one of them shows). Only the facts the post has are listed.
 */
export function postFacts(post: FactsSource, first: Fact[] = []): Fact[] {
  const facts = [...first];
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
  return facts;
}

/** The post's details as a description list: only those it has. */
export function PostFacts({ post }: { post: PostDetail }) {
  const first: Fact[] = post.kind === 'date' ? [['Date', formatDisplayDate(post.dateOf)]] : [];
  return <FactList facts={postFacts(post, first)} />;
}
