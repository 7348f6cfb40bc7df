import { messages } from '@datebook/contracts';
import { TextField } from '@/ui/inputs/text-field';
import { requestEarlyAccess } from './api';
import { FormDialog } from './form-dialog';
import { useFormSubmission } from './use-form-submission';

export function EarlyAccessDialog({ onClose }: { onClose: () => void }) {
  const form = useFormSubmission({
    initialValues: { name: '', email: '' },
    submit: requestEarlyAccess,
    successMessage: messages.forms.earlyAccessSuccess,
    failureMessage: (error) => {
      if (error.code === 'CONFLICT') {
        return messages.forms.earlyAccessDuplicate;
      }
      return error.code === 'RATE_LIMITED' ? error.message : messages.forms.earlyAccessFailure;
    },
    onSuccess: onClose,
  });

  return (
    <FormDialog
      title="Request early access"
      description="Leave your name and email, and we will be in touch."
      submitLabel="Request access"
      form={form}
      onClose={onClose}
    >
      <TextField label="Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
    </FormDialog>
  );
}
