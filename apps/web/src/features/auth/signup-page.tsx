import { webRoutes } from '@datebook/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { readRedirectTarget, withRedirect } from './login-redirect';

export function SignupPage() {
  const [searchParams] = useSearchParams();
  const redirect = readRedirectTarget(searchParams);
  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create an account to share ideas, save posts and plan dates together."
    >
      <p className="auth__links">
        Already have an account? <Link to={withRedirect(webRoutes.login, redirect)}>Log in</Link>
      </p>
    </AuthCard>
  );
}
