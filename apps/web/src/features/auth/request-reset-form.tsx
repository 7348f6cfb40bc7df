import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { TextField } from '@/ui/inputs/text-field';
import { requestPasswordReset } from './api';

const FIELDS = ['email'] as const;

/** Asks for the e-mail address to send a password-reset link to. */
export function RequestResetForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const { values, field } = useFieldValues({ email: '' }, errors);
  const request = useMutation({ mutationFn: requestPasswordReset, onError: errors.show });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!request.isPending) {
      errors.clear();
      request.mutate(values.email);
    }
  };

  return (
    <form ref={formRef} className="auth__form" noValidate onSubmit={submit}>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      {request.isSuccess && <FormMessage tone="success">{request.data.message}</FormMessage>}
      <Button type="submit" block pending={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
