/** Cache keys of the account screen's own data. */
export const accountKeys = {
  /** One avatar upload while the worker processes it. */
  upload: (uploadId: string) => ['account', 'upload', uploadId] as const,
};
