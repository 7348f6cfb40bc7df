import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { webRoutes, type PathParamName, type webPaths } from '@datebook/contracts';
import { useSignedInUser } from '@/features/session';

/**
 * Collections are private: a URL naming another username is replaced by the same page of the
 * signed-in user's own collections.
 */
export function OwnCollectionsRoute() {
  const user = useSignedInUser();
  const { username, collectionName } = useParams<PathParamName<typeof webPaths.collection>>();
  const { search, hash } = useLocation();
  if (username === user.username) {
    return <Outlet />;
  }
  const ownPath =
    collectionName === undefined
      ? webRoutes.collections(user.username)
      : webRoutes.collection(user.username, collectionName);
  return <Navigate to={ownPath + search + hash} replace />;
}
