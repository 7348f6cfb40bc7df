import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  messages,
  type EarlyAccess,
  type Feedback,
  type FormAccepted,
  type NewsletterSignup,
} from '@datebook/contracts';
import { EarlyAccessEntity, FeedbackEntity, NewsletterEmailEntity } from '@datebook/db';
import { ConflictError, isUniqueViolation, writeOutbox } from '@datebook/server';

/** The three public forms of spec section 8 ("Forms"). Inputs arrive validated and lowercased. */
@Injectable()
export class FormsService {
  constructor(private readonly dataSource: DataSource) {}

  async signUpForNewsletter(input: NewsletterSignup): Promise<FormAccepted> {
    const emails = this.dataSource.getRepository(NewsletterEmailEntity);
    // The spec checks for an existing row first; the unique index still decides a race.
    if (await emails.existsBy({ email: input.email })) {
      throw new ConflictError(messages.forms.newsletterDuplicate);
    }
    try {
      await emails.insert({ name: input.name, email: input.email });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.forms.newsletterDuplicate);
      }
      throw error;
    }
    return { message: messages.forms.newsletterSuccess };
  }

  async sendFeedback(input: Feedback): Promise<FormAccepted> {
    await this.dataSource.getRepository(FeedbackEntity).insert({
      email: input.email === '' ? null : input.email.toLowerCase(),
      programVersion: input.programVersion,
      feedbackType: input.feedbackType,
      details: input.details,
    });
    return { message: messages.forms.feedbackSuccess };
  }

  /** The request and its acknowledgement event commit together, or neither does. */
  async requestEarlyAccess(input: EarlyAccess, correlationId?: string): Promise<FormAccepted> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const result = await manager
          .getRepository(EarlyAccessEntity)
          .insert({ name: input.name, email: input.email });
        const earlyAccessId = String((result.identifiers[0] as { id: string | number }).id);
        await writeOutbox(manager, 'early-access.requested', { earlyAccessId }, correlationId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.forms.earlyAccessDuplicate);
      }
      throw error;
    }
    return { message: messages.forms.earlyAccessSuccess };
  }
}
