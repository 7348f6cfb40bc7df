import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn } from './columns';

/** A newsletter signup. The e-mail must be stored lowercased (CHECK) and is unique (23505 on repeat). */
@Entity({ name: 'newsletter_emails' })
export class NewsletterEmailEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ type: 'text', default: '' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
