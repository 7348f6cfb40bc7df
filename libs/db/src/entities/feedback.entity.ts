import type { FeedbackType } from '@datebook/contracts';
import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn } from './columns';

@Entity({ name: 'feedback' })
export class FeedbackEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  /** The app version shown in the header when the feedback was sent. */
  @Column({ name: 'program_version', type: 'text' })
  programVersion!: string;

  @Column({ name: 'feedback_type', type: 'text' })
  feedbackType!: FeedbackType;

  @Column({ type: 'text' })
  details!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
