import { IsNull } from 'typeorm';
import type { FeedbackType } from '@datebook/contracts';
import { EarlyAccessEntity, FeedbackEntity, NewsletterEmailEntity } from '../entities';
import { SqlRepository } from './sql-repository';

/**
 * The public forms' tables (newsletter_emails, feedback, early_access). E-mails arrive lowercased;
 * the unique indexes answer a repeat with 23505.
 */
export class FormsRepository extends SqlRepository {
  newsletterHas(email: string): Promise<boolean> {
    return this.table(NewsletterEmailEntity).existsBy({ email });
  }

  async addNewsletterEmail(name: string, email: string): Promise<void> {
    await this.table(NewsletterEmailEntity).insert({ name, email });
  }

  async addFeedback(feedback: {
    email: string | null;
    programVersion: string;
    feedbackType: FeedbackType;
    details: string;
  }): Promise<void> {
    await this.table(FeedbackEntity).insert(feedback);
  }

  /** The new request's id. */
  async addEarlyAccess(name: string, email: string): Promise<string> {
    const result = await this.table(EarlyAccessEntity).insert({ name, email });
    return String((result.identifiers[0] as { id: string | number }).id);
  }

  findEarlyAccess(id: string): Promise<EarlyAccessEntity | null> {
    return this.table(EarlyAccessEntity).findOneBy({ id });
  }

  /** Records that the acknowledgement went out, unless an earlier run already did. */
  async markEarlyAccessAcknowledged(id: string): Promise<void> {
    await this.table(EarlyAccessEntity).update(
      { id, acknowledgedAt: IsNull() },
      { acknowledgedAt: new Date() },
    );
  }
}
