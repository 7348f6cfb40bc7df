import type { ReactNode } from 'react';
import { formatDisplayDate } from '@datebook/domain';
import type { PostDetail } from '../hooks/use-post-detail';

/** The post's details as a description list: only those it has. */
export function PostFacts({ post }: { post: PostDetail }) {
  const facts: [string, ReactNode][] = [];
  if (post.kind === 'date') {
    facts.push(['Date', formatDisplayDate(post.dateOf)]);
  }
  if (post.category) {
    facts.push(['Category', `${post.category.icon} ${post.category.name}`]);
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
    facts.push(['Location', post.location ? `${post.locationType}: ${post.location}` : post.locationType]);
    if (post.equipment.length > 0) {
      facts.push(['What you need', post.equipment.join(', ')]);
    }
  }
  if (post.tags.length > 0) {
    facts.push(['Tags', post.tags.map((tag) => `#${tag}`).join(' ')]);
  }
  return (
    <dl className="post-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="post-facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
