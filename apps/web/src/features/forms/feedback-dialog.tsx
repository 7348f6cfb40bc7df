import { FEEDBACK_TYPES, messages, type FeedbackType } from '@datebook/contracts';
import { APP_VERSION } from '@/lib/app-version';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { sendFeedback } from './api';
import { FormDialog } from './form-dialog';
import { useFormSubmission } from './use-form-submission';

const DEFAULT_TYPE: FeedbackType = 'General';

export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const form = useFormSubmission({
    // The type comes from a select offering only FEEDBACK_TYPES; the schema checks it again on send.
    initialValues: { feedbackType: DEFAULT_TYPE, details: '', email: '' },
    submit: (values) => sendFeedback({ ...values, programVersion: APP_VERSION }),
    successMessage: messages.forms.feedbackSuccess,
    failureMessage: (error) =>
      error.code === 'RATE_LIMITED' ? error.message : messages.forms.feedbackFailure,
    onSuccess: onClose,
  });

  return (
    <FormDialog
      title="Send feedback"
      description="Found a problem or have an idea? Tell us."
      submitLabel="Send"
      form={form}
      onClose={onClose}
    >
      <SelectField label="Type" options={FEEDBACK_TYPES} {...form.field('feedbackType')} />
      <TextAreaField label="Details" {...form.field('details')} />
      <TextField
        label="Email"
        optional
        type="email"
        autoComplete="email"
        inputMode="email"
        hint="Only if you would like a reply."
        {...form.field('email')}
      />
    </FormDialog>
  );
}
