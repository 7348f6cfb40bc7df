/** Cache keys of the account screen's own data. */
export const accountKeys = {
  /** The signed-in user's account (e-mail, factors), as `GET /auth/user` has it now. */
  authUser: () => ['account', 'auth-user'] as const,
  /** One avatar upload while the worker processes it. */
  upload: (uploadId: string) => ['account', 'upload', uploadId] as const,
};
