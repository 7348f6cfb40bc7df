import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionUser } from '@/features/session';
import { loginPathFor } from './login-redirect';

/** Route guard: a visitor is sent to log in, and the login screen remembers where they were going. */
export function RequireSignedIn() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) {
    return <Navigate to={loginPathFor(location)} replace />;
  }
  return <Outlet />;
}
