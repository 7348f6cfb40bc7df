import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { TextField } from '@/ui/inputs/text-field';
import { signUp } from './api';
import { describeSignUpFailure, SIGN_UP_FIELDS } from './sign-up-errors';

const EMPTY = { email: '', password: '', username: '' };

/**
 * E-mail, password and username; `onSignedUp` runs once the confirmation mail is on its way, and the
 * toast saying so shows once the screen it leads to (its promise) has arrived.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: () => void | Promise<void> }) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(SIGN_UP_FIELDS, formRef);
  const { values, field } = useFieldValues(EMPTY, errors);
  const register = useMutation({
    mutationFn: signUp,
    onSuccess: async () => {
      await onSignedUp();
      // Raised once the next screen is showing, so it belongs to that screen however long the way took.
      toast.success(messages.auth.signUpSuccess);
    },
    onError: (error) => {
      const failure = describeSignUpFailure(error);
      switch (failure.kind) {
        case 'fields':
          errors.showFields(failure.errors);
          break;
        case 'alert':
          toast.error(failure.message);
          break;
        case 'form':
          errors.show(error);
          break;
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!register.isPending) {
      errors.clear();
      register.mutate(values);
    }
  };

  return (
    <form ref={formRef} className="auth__form" noValidate onSubmit={submit}>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 30 letters, numbers, dots or underscores."
        {...field('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...field('password')}
      />
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      <Button type="submit" block pending={register.isPending}>
        Sign Up
      </Button>
    </form>
  );
}
