import { messages } from '@datebook/contracts';
import { TextField } from '../../ui/text-field';
import { requestEarlyAccess } from './api';
import { FormDialog } from './form-dialog';
import { useFormSubmission } from './use-form-submission';

export function EarlyAccessDialog({ onClose }: { onClose: () => void }) {
  const form = useFormSubmission({
    initialValues: { name: '', email: '' },
    submit: requestEarlyAccess,
    successMessage: messages.forms.earlyAccessSuccess,
    failureMessage: (error) => {
      switch (error.code) {
        case 'CONFLICT':
          return messages.forms.earlyAccessDuplicate;
        case 'RATE_LIMITED':
          return error.message;
        default:
          return messages.forms.earlyAccessFailure;
      }
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
