import { useId, type ReactNode } from 'react';
import { CARD_SIZES } from '@datebook/contracts';
import { Page } from '@/ui/layout/page';
import type { CardSize } from '@/ui/post-card/post-card-types';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';
import { SAMPLE_POSTS } from './post-tests-fixture';
import './post-tests.css';

/** Admin tools (spec section 2): the four card sizes, each with photos, without, and read-only. */
export function PostTestsPage() {
  return (
    <Page title="Admin Tools" subtitle="Post tests: the card sizes, drawn with sample posts.">
      {CARD_SIZES.map((size) => (
        <SizeSection key={size} size={size} />
      ))}
    </Page>
  );
}

function SizeSection({ size }: { size: CardSize }) {
  const headingId = useId();
  const samples: [string, ReactNode][] = [
    [
      'With photos',
      <PostCardView post={SAMPLE_POSTS.withPhotos} size={size} relationship={{ kind: 'following' }} />,
    ],
    [
      'A date',
      <PostCardView post={SAMPLE_POSTS.date} size={size} relationship={{ kind: 'mutual', count: 3 }} />,
    ],
    ['No photos', <PostCardView post={SAMPLE_POSTS.textOnly} size={size} />],
    ['Processing', <PostCardView post={SAMPLE_POSTS.processing} size={size} />],
    ['Read-only', <PostCardView post={SAMPLE_POSTS.withPhotos} size={size} readOnly />],
  ];
  return (
    <section className="post-tests__size" aria-labelledby={headingId}>
      <h2 id={headingId}>{size}</h2>
      <PostGrid label={`${size} cards`} layout={size === 'slim' ? 'row' : 'grid'}>
        {samples.map(([label, card]) => (
          <li key={label} className="post-tests__sample">
            <p className="post-tests__label">{label}</p>
            {card}
          </li>
        ))}
      </PostGrid>
    </section>
  );
}
