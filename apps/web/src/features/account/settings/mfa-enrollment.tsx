import { useRef, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolledFactor } from '@datebook/contracts';
import { authKeys, verifyTotpCode } from '@/features/auth';
import { useSession } from '@/features/session';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { TotpCodeField } from '@/ui/inputs/totp-code-field';
import { FormFooter } from '@/ui/layout/form-footer';

const FIELDS = ['code'] as const;

interface MfaEnrollmentProps {
  factor: EnrolledFactor;
  onDone: () => void;
}

/**
 * Scan (or type) the secret into an authenticator app, then prove it with a code. The proof raises
 * the session to aal2 and replaces it: the api ends the one it came from.
 */
export function MfaEnrollment({ factor, onDone }: MfaEnrollmentProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { setSession } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const { values, field } = useFieldValues({ code: '' }, errors);
  const verify = useMutation({
    mutationFn: () => verifyTotpCode(factor.id, values.code),
    onSuccess: (raised) => {
      setSession(raised);
      queryClient.setQueryData(authKeys.user(), raised.user);
      toast.success('Two-step verification is on.');
      onDone();
    },
    onError: errors.show,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!verify.isPending) {
      errors.clear();
      verify.mutate();
    }
  };

  return (
    <form ref={formRef} className="setting__form mfa-enrollment" noValidate onSubmit={submit}>
      <p className="setting__text">Scan this QR code with your authenticator app, or enter the setup key.</p>
      <img className="mfa-enrollment__qr" src={factor.totp.qrCode} alt="QR code for your authenticator app" />
      <p className="mfa-enrollment__secret">
        Setup key: <code>{factor.totp.secret}</code>
      </p>
      <TotpCodeField label="Code from the app" {...field('code')} />
      <FormFooter
        error={errors.formError}
        onCancel={onDone}
        actionLabel="Verify"
        pending={verify.isPending}
      />
    </form>
  );
}
