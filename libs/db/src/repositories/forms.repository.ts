import type { FeedbackType } from '@datebook/contracts';
import { SqlRepository } from './sql-repository';

/** An early-access request as its acknowledgement job reads it. */
export interface EarlyAccessRow {
  id: string;
  name: string;
  email: string;
  /** Set once the acknowledgement mail went out, so a retried job does not mail twice. */
  acknowledged_at: Date | null;
}

/**
 * The public forms' tables (newsletter_emails, feedback, early_access). E-mails arrive lowercased;
 * the unique indexes answer a repeat with 23505.
 */
export class FormsRepository extends SqlRepository {
  async newsletterHas(email: string): Promise<boolean> {
    const [row] = await this.query<{ found: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM newsletter_emails WHERE email = $1) AS found',
      [email],
    );
    return row?.found ?? false;
  }

  async addNewsletterEmail(name: string, email: string): Promise<void> {
    await this.query('INSERT INTO newsletter_emails (name, email) VALUES ($1, $2)', [name, email]);
  }

  async addFeedback(feedback: {
    email: string | null;
    programVersion: string;
    feedbackType: FeedbackType;
    details: string;
  }): Promise<void> {
    await this.query(
      'INSERT INTO feedback (email, program_version, feedback_type, details) VALUES ($1, $2, $3, $4)',
      [feedback.email, feedback.programVersion, feedback.feedbackType, feedback.details],
    );
  }

  /** The new request's id. */
  async addEarlyAccess(name: string, email: string): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      'INSERT INTO early_access (name, email) VALUES ($1, $2) RETURNING id',
      [name, email],
    );
    return row!.id;
  }

  async findEarlyAccess(id: string): Promise<EarlyAccessRow | undefined> {
    const [row] = await this.query<EarlyAccessRow>(
      'SELECT id, name, email, acknowledged_at FROM early_access WHERE id = $1',
      [id],
    );
    return row;
  }

  /** Records that the acknowledgement went out, unless an earlier run already did. */
  async markEarlyAccessAcknowledged(id: string): Promise<void> {
    await this.query(
      'UPDATE early_access SET acknowledged_at = now() WHERE id = $1 AND acknowledged_at IS NULL',
      [id],
    );
  }
}
