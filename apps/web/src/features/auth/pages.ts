import { lazyPage } from '@/lib/lazy-page';

/** The sign-in, sign-up and e-mailed-link screens, each loaded on first visit. */
export const authPages = {
  login: lazyPage(() => import('./login-page'), 'LoginPage'),
  signup: lazyPage(() => import('./signup-page'), 'SignupPage'),
  forgotPassword: lazyPage(() => import('./forgot-password-page'), 'ForgotPasswordPage'),
  confirm: lazyPage(() => import('./auth-confirm-page'), 'AuthConfirmPage'),
};
