import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messages, VERIFY_TYPES, webRoutes, type VerifyResponse, type VerifyType } from '@datebook/contracts';
import { useSession } from '@/features/session';
import { errorMessageOf } from '@/lib/field-errors';
import { ButtonLink } from '@/ui/actions/button-link';
import { FormMessage } from '@/ui/feedback/form-message';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { verifyEmailLink } from './api';
import { AuthCard } from './auth-card';
import { localPathOrNull, withRedirect } from './login-redirect';
import type { LoginNotice } from './login-notice';
import { authKeys } from './query-keys';
import { startPasswordRecovery } from './password-recovery';

/**
 * Where e-mailed links land: redeems the one-time token, then goes on to the link's `next`. A reset
 * link signs the member in to set a new password; a sign-up link confirms the address, and the member
 * then logs in; an e-mail change link confirms the new address; an undo link restores the old one
 * and, like a reset link, goes on to set a new password.
 */
export function AuthConfirmPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { setSession } = useSession();
  const [failure, setFailure] = useState<string>();
  const type = verifyTypeOf(searchParams.get('type'));
  // A link works once: the request must not repeat when the effect does (React's strict mode).
  const redeemed = useRef(false);

  useEffect(() => {
    if (redeemed.current) {
      return;
    }
    redeemed.current = true;
    let next = localPathOrNull(searchParams.get('next')) ?? webRoutes.home;
    const settle = async ({ session, message }: VerifyResponse) => {
      let notice: LoginNotice | undefined;
      switch (type) {
        case 'recovery':
          startPasswordRecovery();
          setSession(session);
          break;
        case 'email_change':
          void queryClient.invalidateQueries({ queryKey: authKeys.user() });
          break;
        case 'email_change_undo':
          // Undoing ended every session of the account, this browser's too, and answered with a
          // recovery session: whoever changed the address knew the password, so a new one comes next.
          startPasswordRecovery();
          setSession(session);
          next = webRoutes.forgotPassword;
          break;
        case 'signup':
          // The address is proven; signing in stays a deliberate step on the login screen, which
          // says so itself: a toast would outlive it and sit over the home screen after signing in.
          notice = message ? { notice: message } : undefined;
          next =
            next === webRoutes.login || next === webRoutes.home
              ? webRoutes.login
              : withRedirect(webRoutes.login, next);
          break;
      }
      await navigate(next, { replace: true, state: notice });
      // Raised once the next screen is showing, so it belongs to that screen however long the way took.
      if (message && !notice) {
        toast.success(message);
      }
    };
    verifyEmailLink({ tokenHash: searchParams.get('token_hash') ?? '', type }).then(
      settle,
      (error: unknown) => setFailure(errorMessageOf(error, messages.errors.unexpected)),
    );
  }, [navigate, queryClient, searchParams, setSession, toast, type]);

  if (!failure) {
    return <AuthCard title="Confirming your link" subtitle={messages.loading.generic} />;
  }
  return <LinkFailure type={type} message={failure} />;
}

/**
 * A link that did not work, in the words of what it was for: a reset link offers a new one; a
 * confirmation link offers to log in, which is what its member came to do.
 */
function LinkFailure({ type, message }: { type: VerifyType; message: string }) {
  if (type === 'recovery') {
    return (
      <AuthCard title="Reset Password">
        <FormMessage tone="error">{message}</FormMessage>
        <p className="auth__links">
          <Link to={webRoutes.forgotPassword}>Request a new reset link</Link>
          <Link to={webRoutes.login}>Log in</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm Email">
      <FormMessage tone="error">{message}</FormMessage>
      <ButtonLink to={webRoutes.login} block>
        Log in
      </ButtonLink>
    </AuthCard>
  );
}

/** An unknown type is sent as a sign-up link, whose token then fails to verify like any bad token. */
function verifyTypeOf(value: string | null): VerifyType {
  return VERIFY_TYPES.find((type) => type === value) ?? 'signup';
}
