import { lazy } from 'react';

/** The forms load when first opened: most visits never open them, so they stay out of the first load. */
export const NewsletterDialog = lazy(() =>
  import('./newsletter-dialog').then((module) => ({ default: module.NewsletterDialog })),
);
export const FeedbackDialog = lazy(() =>
  import('./feedback-dialog').then((module) => ({ default: module.FeedbackDialog })),
);
export const EarlyAccessDialog = lazy(() =>
  import('./early-access-dialog').then((module) => ({ default: module.EarlyAccessDialog })),
);
