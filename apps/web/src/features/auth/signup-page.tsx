import { webRoutes } from '@datebook/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { readRedirectTarget, withRedirect } from './login-redirect';
import { SignupForm } from './signup-form';

export function SignupPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const redirect = readRedirectTarget(searchParams);
  const loginPath = withRedirect(webRoutes.login, redirect);
  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create an account to share ideas, save posts and plan dates together."
    >
      <SignupForm onSignedUp={() => navigate(loginPath)} />
      <p className="auth__links">
        <span>
          Already have an account? <Link to={loginPath}>Log in</Link>
        </span>
      </p>
    </AuthCard>
  );
}
