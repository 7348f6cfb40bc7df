import { webRoutes } from '@datebook/contracts';
import { Link } from 'react-router-dom';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset Password" subtitle="Set a new password for your account.">
      <p className="auth__links">
        Remembered it? <Link to={webRoutes.login}>Log in</Link>
      </p>
    </AuthCard>
  );
}
