import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { useSession } from '@/features/session';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { TotpCodeField } from '@/ui/inputs/totp-code-field';
import { verifyTotpCode } from './api';

const FIELDS = ['code'] as const;

/**
 * The second step of signing in to an account with an authenticator app: the password was right,
 * and the session stays short of signed in until a valid code raises it.
 */
export function TotpPrompt() {
  const session = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const { values, field } = useFieldValues({ code: '' }, errors);
  const factor =
    session.status === 'mfa-required'
      ? session.user.factors.find((candidate) => candidate.status === 'verified')
      : undefined;
  const verify = useMutation({
    mutationFn: (factorId: string) => verifyTotpCode(factorId, values.code),
    onSuccess: (raised) => session.setSession(raised),
    onError: errors.show,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (factor && !verify.isPending) {
      errors.clear();
      verify.mutate(factor.id);
    }
  };

  return (
    <form ref={formRef} className="auth__form" noValidate onSubmit={submit}>
      <p className="auth__hint">{messages.auth.mfaRequired}</p>
      <TotpCodeField label="Authentication code" {...field('code')} />
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      <Button type="submit" block pending={verify.isPending}>
        Verify
      </Button>
      <Button variant="ghost" block onClick={() => void session.signOut()}>
        Use another account
      </Button>
    </form>
  );
}
