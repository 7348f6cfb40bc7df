import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@/features/session/use-session';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/button';
import { FormMessage } from '@/ui/form-message';
import { TextField } from '@/ui/text-field';

const FIELDS = ['email', 'password'] as const;

/** E-mail and password. On success the session changes and the login screen moves on by itself. */
export function LoginForm() {
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const login = useMutation({ mutationFn: signIn, onError: errors.show });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!login.isPending) {
      errors.clear();
      login.mutate({ email, password });
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
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={errors.fieldErrors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          errors.clearField('password');
        }}
      />
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      <Button type="submit" block pending={login.isPending}>
        Log In
      </Button>
    </form>
  );
}
