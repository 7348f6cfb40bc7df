import { webRoutes } from '@datebook/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { readRedirectTarget, withRedirect } from './login-redirect';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirect = readRedirectTarget(searchParams);
  return (
    <AuthCard title="Log In" subtitle="Welcome back. Log in to see your feed, saved posts and plans.">
      <div className="auth__links">
        <Link to={webRoutes.forgotPassword}>Forgot password?</Link>
        <p>
          New to Datebook? <Link to={withRedirect(webRoutes.signup, redirect)}>Sign up</Link>
        </p>
      </div>
    </AuthCard>
  );
}
