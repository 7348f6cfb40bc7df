import { messages, webRoutes } from '@datebook/contracts';
import { PlanListRows, PlanRowSkeletons, useLivePlanLists, usePlanList } from '@/features/plans';
import { useSignedInUser } from '@/features/session';
import { LoadMoreButton } from '@/ui/actions/load-more-button';
import { ButtonLink } from '@/ui/actions/button-link';
import { Page } from '@/ui/layout/page';
import { SavedSection } from './components/saved-section';
import './saved.css';

/**
 * /saved/planned (spec section 2): 'Drafts' (the member's own drafts) and 'Shared & Completed'
 * (non-draft plans they own or collaborate on), refreshed live when they are invited or removed.
 */
export function PlannedDatesPage() {
  useLivePlanLists();
  return (
    <Page title="Planned Dates">
      <div className="saved-section__actions saved-page__actions">
        <ButtonLink variant="secondary" to={webRoutes.plan}>
          {messages.plans.actions.planADate}
        </ButtonLink>
      </div>
      <PlanSection
        scope="drafts"
        title={messages.plans.sections.drafts}
        empty={messages.empty.draftPlans}
        errorText={messages.plans.unableToLoadDrafts}
      />
      <PlanSection
        scope="shared"
        title={messages.plans.sections.sharedAndCompleted}
        empty={messages.empty.sharedPlans}
        errorText={messages.plans.unableToLoadSharedList}
      />
    </Page>
  );
}

interface PlanSectionProps {
  scope: 'drafts' | 'shared';
  title: string;
  empty: string;
  errorText: string;
}

function PlanSection({ scope, title, empty, errorText }: PlanSectionProps) {
  const user = useSignedInUser();
  const plans = usePlanList(scope);
  return (
    <SavedSection
      headingId={`planned-${scope}`}
      title={title}
      query={plans}
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      loadingText={messages.loading.generic}
      skeletons={<PlanRowSkeletons />}
      errorText={errorText}
      emptyText={empty}
      list={(data) => (
        <PlanListRows
          plans={data.pages.flatMap((page) => page.items)}
          userId={user.id}
          label={title}
          draftList={scope === 'drafts'}
        />
      )}
      actions={
        plans.hasNextPage && (
          <div className="saved-section__actions">
            <LoadMoreButton query={plans} />
          </div>
        )
      }
    />
  );
}
