import { planLiveMessages } from '@datebook/contracts';
import { liveEntries, planBudgetSummary, type PlanState } from '@datebook/domain';

/**
 * The plan's rows by budget tier ('$$: 2 activities'), cheapest first, live as rows come and go. The
 * colon keeps the tier from reading as a price ('$ 3 activities' read as three dollars).
 */
export function BudgetSummary({ plan }: { plan: PlanState }) {
  const tiers = planBudgetSummary(
    liveEntries(plan).map((entry) => ({ budget: entry.linked?.budget ?? null })),
  );
  if (tiers.length === 0) {
    return null;
  }
  return (
    <section className="plan-section" aria-labelledby="plan-budget">
      <h2 id="plan-budget">{planLiveMessages.budgetSummary}</h2>
      <ul className="plan-budget" aria-label={planLiveMessages.budgetSummary}>
        {tiers.map(({ tier, count }) => (
          <li key={tier} className="plan-budget__tier">
            <span className="plan-budget__label">{tier}:</span>{' '}
            <span>
              {count} {count === 1 ? 'activity' : 'activities'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
