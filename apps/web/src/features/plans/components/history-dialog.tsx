import { messages, planLiveMessages } from '@datebook/contracts';
import { formatDisplayDate } from '@datebook/domain';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { usePlanHistory } from '../hooks/use-plan-history';
import { browserTimeZone, timeLabel } from '../plan-format';

/**
 * Who changed what, newest first, a page at a time ('Load more' for older changes): the plan's times
 * on the plan's clock, when each change was made on the reader's own.
 */
export function HistoryDialog({
  planId,
  timeZone,
  onClose,
}: {
  planId: string;
  /** The plan's zone. */
  timeZone: string;
  onClose: () => void;
}) {
  const history = usePlanHistory(planId, timeZone);
  return (
    <Dialog title={planLiveMessages.history} onClose={onClose}>
      <div className="plan-dialog">
        {history.isPending && <p role="status">{messages.loading.generic}</p>}
        {history.isError && history.lines.length === 0 && (
          <div className="plan-unavailable">
            <FormMessage tone="error">{planLiveMessages.unableToLoadHistory}</FormMessage>
            <Button variant="secondary" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {history.isSuccess && history.lines.length === 0 && (
          <p className="plan-section__empty">{planLiveMessages.historyEmpty}</p>
        )}
        {history.lines.length > 0 && (
          // The list scrolls on its own and takes focus, so the keyboard can scroll it (there may be
          // nothing else focusable in it).
          <div
            className="plan-history-scroll"
            role="region"
            aria-label={planLiveMessages.history}
            tabIndex={0}
          >
            <ol className="plan-history" aria-label={planLiveMessages.history}>
              {history.lines.map((line) => (
                <li key={line.key} className="plan-history__line">
                  <span>{line.text}</span>
                  <time className="plan-history__time" dateTime={line.at}>
                    {formatDisplayDate(line.at)}, {timeLabel(line.at, browserTimeZone())}
                  </time>
                </li>
              ))}
            </ol>
          </div>
        )}
        {history.isFetchNextPageError && (
          <FormMessage tone="error">{planLiveMessages.unableToLoadHistory}</FormMessage>
        )}
        {history.hasNextPage && (
          <Button
            variant="secondary"
            pending={history.isFetchingNextPage}
            onClick={() => {
              if (!history.isFetchingNextPage) {
                void history.fetchNextPage();
              }
            }}
          >
            {planLiveMessages.loadMore}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
