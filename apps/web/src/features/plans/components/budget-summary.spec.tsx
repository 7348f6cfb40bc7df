import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planLiveMessages } from '@datebook/contracts';
import { planStateFromDocument } from '@datebook/domain';
import { planActivity, planDocument } from '../testing/plan-fixtures';
import { BudgetSummary } from './budget-summary';

describe('the budget summary', () => {
  it('counts the live rows per tier, cheapest first, leaving out tiers no row has', () => {
    const document = planDocument({
      activities: [
        planActivity({ ref: 'r1', activityId: '1', budget: '$$' }),
        planActivity({ ref: 'r2', activityId: '2', budget: 'Free' }),
        planActivity({ ref: 'r3', activityId: '3', budget: '$$' }),
        planActivity({ ref: 'r4', activityId: null, isCustom: true, budget: null }),
      ],
    });
    const plan = planStateFromDocument(document);
    plan.activities = plan.activities.map((entry) =>
      entry.ref === 'r3' ? { ...entry, deleted: true } : entry,
    );
    render(<BudgetSummary plan={plan} />);

    const section = screen.getByRole('region', { name: planLiveMessages.budgetSummary });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Free: 1 activity', '$$: 1 activity']);
  });

  it('shows nothing when no row has a budget', () => {
    const document = planDocument({ activities: [planActivity({ budget: null })] });
    render(<BudgetSummary plan={planStateFromDocument(document)} />);
    expect(screen.queryByRole('region', { name: planLiveMessages.budgetSummary })).toBeNull();
  });
});
