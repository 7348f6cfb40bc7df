import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/button';
import { FormMessage } from '@/ui/form-message';
import { TextField } from '@/ui/text-field';
import { requestPasswordReset } from './api';

const FIELDS = ['email'] as const;

/** Asks for the e-mail address to send a password-reset link to. */
export function RequestResetForm() {
  const [email, setEmail] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const request = useMutation({ mutationFn: requestPasswordReset, onError: errors.show });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!request.isPending) {
      errors.clear();
      request.mutate(email);
    }
  };

  return (
    <form ref={formRef} className="auth__form" noValidate onSubmit={submit}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={errors.fieldErrors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          errors.clearField('email');
        }}
      />
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      {request.isSuccess && <FormMessage tone="success">{request.data.message}</FormMessage>}
      <Button type="submit" block pending={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
