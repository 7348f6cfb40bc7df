/** Cache keys of the auth service's data. */
export const authKeys = {
  /** The signed-in user's account (e-mail, factors), as `GET /auth/user` has it now. */
  user: () => ['account', 'auth-user'] as const,
};
