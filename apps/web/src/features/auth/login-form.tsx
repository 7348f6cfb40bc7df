import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@/features/session';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { TextField } from '@/ui/inputs/text-field';

const FIELDS = ['email', 'password'] as const;

/** E-mail and password. On success the session changes and the login screen moves on by itself. */
export function LoginForm() {
  const { signIn } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const { values, field } = useFieldValues({ email: '', password: '' }, errors);
  const login = useMutation({ mutationFn: signIn, onError: errors.show });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!login.isPending) {
      errors.clear();
      login.mutate(values);
    }
  };

  return (
    <form ref={formRef} className="auth__form" noValidate onSubmit={submit}>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      <Button type="submit" block pending={login.isPending}>
        Log In
      </Button>
    </form>
  );
}
