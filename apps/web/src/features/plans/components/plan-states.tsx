import { messages, planMessages, webRoutes } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { FormMessage } from '@/ui/feedback/form-message';
import { Page } from '@/ui/layout/page';
import type { PlanSession } from '../hooks/use-plan';
import '../plans.css';

/** Stand-ins shaped like the plan's header and rows while it loads. */
export function PlanSkeleton() {
  return (
    <div className="plan-skeletons">
      <p className="visually-hidden" role="status">
        {messages.loading.generic}
      </p>
      <div className="plan-skeleton plan-skeleton--header" aria-hidden="true" />
      <div className="plan-skeleton" aria-hidden="true" />
      <div className="plan-skeleton" aria-hidden="true" />
    </div>
  );
}

/**
 * What a plan screen shows instead of the plan: still loading, no access any more (removed while
 * it was open), gone, or not loadable. Null when the plan can be shown.
 */
export function PlanUnavailable({ session }: { session: PlanSession }) {
  if (session.phase === 'revoked') {
    return <PlanMessage text={planMessages.accessRevoked} />;
  }
  if (session.phase === 'gone' || session.notFound) {
    return <PlanMessage text={planMessages.notFound} />;
  }
  if (session.loadError) {
    return (
      <div className="plan-unavailable">
        <FormMessage tone="error">{session.loadError.message}</FormMessage>
        <Button variant="secondary" onClick={session.retryLoad}>
          Try again
        </Button>
      </div>
    );
  }
  return session.plan ? null : <PlanSkeleton />;
}

/** A plan screen's whole page while its plan cannot be shown (what `PlanUnavailable` says). */
export function PlanUnavailablePage({ title, session }: { title: string; session: PlanSession }) {
  return (
    <Page title={title}>
      <PlanUnavailable session={session} />
    </Page>
  );
}

/** A plan screen opened with an id that cannot be a plan's: no request is made. */
export function PlanNotFoundPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <FormMessage tone="error">{planMessages.notFound}</FormMessage>
    </Page>
  );
}

function PlanMessage({ text }: { text: string }) {
  return (
    <div className="plan-unavailable">
      <FormMessage tone="error">{text}</FormMessage>
      <ButtonLink variant="secondary" to={webRoutes.savedPlanned}>
        Planned Dates
      </ButtonLink>
    </div>
  );
}
