/** The header's and the gate's form dialogs, each loaded when first opened. */
export { EarlyAccessDialog, FeedbackDialog, NewsletterDialog } from './lazy-dialogs';
