import {
  formEndpoints,
  type EarlyAccessRequest,
  type FeedbackRequest,
  type NewsletterSignupRequest,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

export function signUpForNewsletter(body: NewsletterSignupRequest) {
  return callEndpoint(formEndpoints.newsletter, { body });
}

export function sendFeedback(body: FeedbackRequest) {
  return callEndpoint(formEndpoints.feedback, { body });
}

export function requestEarlyAccess(body: EarlyAccessRequest) {
  return callEndpoint(formEndpoints.earlyAccess, { body });
}
