import { webRoutes } from '@datebook/contracts';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '@/features/session';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';
import { endPasswordRecovery, isRecoveringPassword } from './password-recovery';
import { RequestResetForm } from './request-reset-form';
import { TotpPrompt } from './totp-prompt';

/**
 * Two screens in one: arriving from a reset link (a recovery session), the member sets a new
 * password; otherwise they ask for the link.
 */
export function ForgotPasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const recovering = session.status !== 'signed-out' && isRecoveringPassword();

  if (recovering && session.status === 'mfa-required') {
    return (
      <AuthCard title="Reset Password" subtitle="Two-step verification">
        <TotpPrompt />
      </AuthCard>
    );
  }
  if (recovering) {
    return (
      <AuthCard title="Reset Password" subtitle="Set a new password for your account.">
        <NewPasswordForm
          onUpdated={() => {
            endPasswordRecovery();
            return navigate(webRoutes.home, { replace: true });
          }}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter your email and we will send you a link to set a new password."
    >
      <RequestResetForm />
      <p className="auth__links">
        <span>
          Remembered it? <Link to={webRoutes.login}>Log in</Link>
        </span>
      </p>
    </AuthCard>
  );
}
