import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { FEEDBACK_TYPES } from './constants';
import { messages } from './messages';
import { lineText, paragraphText } from './primitives';

const name = lineText().min(1, messages.forms.nameRequired).max(120);
const email = z
  .string()
  .trim()
  .min(1, messages.forms.newsletterEmailRequired)
  .max(320)
  .pipe(z.email(messages.forms.emailInvalid))
  .transform((value) => value.toLowerCase());

export const newsletterSignupRequestSchema = z.object({
  name: lineText().max(120).optional().default(''),
  email,
});
export type NewsletterSignupRequest = z.input<typeof newsletterSignupRequestSchema>;
export type NewsletterSignup = z.output<typeof newsletterSignupRequestSchema>;

export const feedbackRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(320)
    .optional()
    .default('')
    .refine((value) => value === '' || z.email().safeParse(value).success, messages.forms.emailInvalid),
  programVersion: lineText().max(40),
  feedbackType: z.enum(FEEDBACK_TYPES),
  details: paragraphText().min(1, messages.forms.feedbackDetailsRequired).max(5000),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;
export type Feedback = z.output<typeof feedbackRequestSchema>;

export const earlyAccessRequestSchema = z.object({ name, email });
export type EarlyAccessRequest = z.input<typeof earlyAccessRequestSchema>;
export type EarlyAccess = z.output<typeof earlyAccessRequestSchema>;

export const formAcceptedSchema = z.object({ message: z.string() });
export type FormAccepted = z.infer<typeof formAcceptedSchema>;

export const formEndpoints = {
  newsletter: defineEndpoint({
    method: 'POST',
    path: '/forms/newsletter',
    tag: 'forms',
    summary: 'Sign up for the newsletter (e-mail stored lowercased, once).',
    body: newsletterSignupRequestSchema,
    response: formAcceptedSchema,
    status: 201,
  }),
  feedback: defineEndpoint({
    method: 'POST',
    path: '/forms/feedback',
    tag: 'forms',
    summary: 'Send feedback about the app.',
    body: feedbackRequestSchema,
    response: formAcceptedSchema,
    status: 201,
  }),
  earlyAccess: defineEndpoint({
    method: 'POST',
    path: '/forms/early-access',
    tag: 'forms',
    summary: 'Request early access; an acknowledgement e-mail follows.',
    body: earlyAccessRequestSchema,
    response: formAcceptedSchema,
    status: 201,
  }),
};
