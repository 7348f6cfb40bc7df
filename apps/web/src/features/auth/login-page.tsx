import { webRoutes } from '@datebook/contracts';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '@/features/session';
import { FormMessage } from '@/ui/feedback/form-message';
import { AuthCard } from './auth-card';
import { loginNoticeOf } from './login-notice';
import { LoginForm } from './login-form';
import { readRedirectTarget, withRedirect } from './login-redirect';
import { TotpPrompt } from './totp-prompt';

export function LoginPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const redirect = readRedirectTarget(searchParams);
  const notice = loginNoticeOf(useLocation().state);

  // Signed in, here or in another tab: on to where the member was going.
  if (session.status === 'signed-in') {
    return <Navigate to={redirect ?? webRoutes.home} replace />;
  }
  if (session.status === 'mfa-required') {
    return (
      <AuthCard title="Log In" subtitle="Two-step verification">
        <TotpPrompt />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Log In" subtitle="Welcome back. Log in to see your feed, saved posts and plans.">
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      <LoginForm />
      <div className="auth__links">
        <Link to={webRoutes.forgotPassword}>Forgot password?</Link>
        <p>
          New to Datebook? <Link to={withRedirect(webRoutes.signup, redirect)}>Sign up</Link>
        </p>
      </div>
    </AuthCard>
  );
}
