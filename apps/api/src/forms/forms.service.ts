import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  messages,
  type EarlyAccess,
  type Feedback,
  type FormAccepted,
  type NewsletterSignup,
} from '@datebook/contracts';
import { FormsRepository, OutboxRepository } from '@datebook/db';
import { ConflictError, isUniqueViolation } from '@datebook/server';

/** The three public forms of spec section 8 ("Forms"). Inputs arrive validated and lowercased. */
@Injectable()
export class FormsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly forms: FormsRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  async signUpForNewsletter(input: NewsletterSignup): Promise<FormAccepted> {
    // The spec checks for an existing row first; the unique index still decides a race.
    if (await this.forms.newsletterHas(input.email)) {
      throw new ConflictError(messages.forms.newsletterDuplicate);
    }
    try {
      await this.forms.addNewsletterEmail(input.name, input.email);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.forms.newsletterDuplicate);
      }
      throw error;
    }
    return { message: messages.forms.newsletterSuccess };
  }

  async sendFeedback(input: Feedback): Promise<FormAccepted> {
    await this.forms.addFeedback({
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
      await this.dataSource.transaction(async (tx) => {
        const earlyAccessId = await this.forms.in(tx).addEarlyAccess(input.name, input.email);
        await this.outbox.in(tx).add('early-access.requested', { earlyAccessId }, correlationId);
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
