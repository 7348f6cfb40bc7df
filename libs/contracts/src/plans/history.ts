import { z } from 'zod';
import { planEventSchema } from './protocol';
import { planPersonSchema } from './read-models';

/* A plan's history: its applied operations, newest first, with what the lines need to be worded. */

export const PLAN_HISTORY_PAGE = { defaultLimit: 30, maxLimit: 100 } as const;

export const planHistoryQuerySchema = z.object({
  /** The previous page's `nextBefore`: only older versions. */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PLAN_HISTORY_PAGE.maxLimit)
    .default(PLAN_HISTORY_PAGE.defaultLimit),
});
export type PlanHistoryQuery = z.input<typeof planHistoryQuerySchema>;
export type PlanHistoryParams = z.output<typeof planHistoryQuerySchema>;

/** Someone a history line names; `former` when their account is deleted, named only 'A former member'. */
export const planHistoryPersonSchema = planPersonSchema.extend({ former: z.literal(true).optional() });
export type PlanHistoryPerson = z.infer<typeof planHistoryPersonSchema>;

export const planHistorySchema = z.object({
  /** Newest first. */
  items: z.array(planEventSchema),
  /** Every actor of the items and everyone they invited or removed (former collaborators too), named with the fallbacks. */
  people: z.array(planHistoryPersonSchema),
  /** The shown title of every row the items mention, removed rows included, by ref. */
  titles: z.record(z.string(), z.string()),
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type PlanHistory = z.infer<typeof planHistorySchema>;
