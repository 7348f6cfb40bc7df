import { Suspense, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { EarlyAccessDialog } from '@/features/forms';
import { isApiError } from '@/lib/api-error';
import { APP_VERSION } from '@/lib/app-version';
import { PRODUCT_NAME } from '@/lib/product';
import { Button } from '@/ui/actions/button';
import { LogoMark } from '@/ui/icons/icons';
import { TextField } from '@/ui/inputs/text-field';
import { rememberAccessGrant } from './access-grant';
import { checkAccessCode } from './api';
import './gate.css';

/** The placeholder page of the gate: enter an access code, or ask for one. */
export function GatePage({ onGranted }: { onGranted: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [requestingAccess, setRequestingAccess] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const check = useMutation({
    mutationFn: checkAccessCode,
    onSuccess: () => {
      rememberAccessGrant();
      onGranted();
    },
    onError: (failure) => {
      setError(
        isApiError(failure) ? (failure.issues[0]?.message ?? failure.message) : messages.errors.unexpected,
      );
      // Back to the field, with the code selected: retyping it is what comes next.
      codeInput.current?.select();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.isPending) {
      check.mutate(code);
    }
  };

  return (
    <div className="gate">
      <title>{PRODUCT_NAME}</title>
      <main className="gate__card">
        <LogoMark size={56} />
        <h1 className="gate__title">{PRODUCT_NAME}</h1>
        <p className="gate__pitch">Share date ideas, follow creators and plan dates together.</p>
        <form className="gate__form" noValidate onSubmit={submit}>
          <TextField
            ref={codeInput}
            label="Access code"
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            error={error}
            onChange={(event) => {
              setCode(event.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" block pending={check.isPending}>
            Enter
          </Button>
        </form>
        <p className="gate__divider">
          <span>No code yet?</span>
        </p>
        <Button variant="secondary" block onClick={() => setRequestingAccess(true)}>
          Request early access
        </Button>
      </main>
      <p className="gate__version">v{APP_VERSION}</p>
      {requestingAccess && (
        <Suspense fallback={null}>
          <EarlyAccessDialog onClose={() => setRequestingAccess(false)} />
        </Suspense>
      )}
    </div>
  );
}
