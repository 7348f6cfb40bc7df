import { webRoutes } from '@datebook/contracts';
import { Navigate, Outlet } from 'react-router-dom';
import { useSessionUser } from '@/features/session';

/** Route guard for admin tools: anyone else, visitors included, is sent home. */
export function RequireAdmin() {
  const user = useSessionUser();
  if (user?.accessType !== 'admin') {
    return <Navigate to={webRoutes.home} replace />;
  }
  return <Outlet />;
}
