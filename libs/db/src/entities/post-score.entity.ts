import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A feed-eligible post's global For You score, kept by the worker (FeedScoresRepository). */
@Entity({ name: 'post_scores' })
export class PostScoreEntity {
  @PrimaryColumn({ type: 'text' })
  kind!: 'activity' | 'date';

  @PrimaryColumn({ name: 'post_id', type: 'bigint' })
  postId!: string;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId!: string;

  @Column({ type: 'text', nullable: true })
  category!: string | null;

  @Column({ type: 'double precision' })
  score!: number;

  @Column({ name: 'scored_at', type: 'timestamptz' })
  scoredAt!: Date;
}
