import { messages } from '@datebook/contracts';
import { TextField } from '@/ui/inputs/text-field';
import { signUpForNewsletter } from './api';
import { FormDialog } from './form-dialog';
import { useFormSubmission } from './use-form-submission';

export function NewsletterDialog({ onClose }: { onClose: () => void }) {
  const form = useFormSubmission({
    initialValues: { name: '', email: '' },
    submit: signUpForNewsletter,
    successMessage: messages.forms.newsletterSuccess,
    failureMessage: (error) =>
      error.code === 'CONFLICT' ? messages.forms.newsletterDuplicate : error.message,
    onSuccess: onClose,
  });

  return (
    <FormDialog
      title="Newsletter signup"
      description="Get news about Datebook in your inbox."
      submitLabel="Sign up"
      form={form}
      onClose={onClose}
    >
      <TextField label="Name" optional autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
    </FormDialog>
  );
}
