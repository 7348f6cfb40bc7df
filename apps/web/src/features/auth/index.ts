/**
 * The route guards, the way back after signing in, the signed-in user's account and the calls
 * settings share, and the auth screens.
 */
export { requestPasswordReset, verifyTotpCode } from './api';
export { authKeys } from './query-keys';
export { useAuthUser } from './use-auth-user';
export { loginPathFor } from './login-redirect';
export { RequireAdmin } from './require-admin';
export { RequireSignedIn } from './require-signed-in';
export { authPages } from './pages';
