import { BUDGETS, type Budget } from '@datebook/contracts';

export interface PlanBudgetTier {
  tier: Budget;
  count: number;
}

/**
 * How many of a plan's rows fall in each budget tier, cheapest first; tiers no row has are left
 * out, and so are rows without a budget (custom rows, deleted activities).
 */
export function planBudgetSummary(activities: readonly { budget: Budget | null }[]): PlanBudgetTier[] {
  return BUDGETS.map((tier) => ({
    tier,
    count: activities.filter((activity) => activity.budget === tier).length,
  })).filter((row) => row.count > 0);
}
