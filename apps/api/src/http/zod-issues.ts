import type { z } from 'zod';
import type { FieldIssue } from '@datebook/contracts';

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
