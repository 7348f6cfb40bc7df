import { messages } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import './page-unavailable.css';

interface PageUnavailableProps {
  /** Offline: the page will come by itself when the connection does. Online: its code is gone. */
  online: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * Shown in a screen's place, inside the app's frame, when the screen's code could not be fetched:
 * offline, it says the page needs a connection (it loads on its own once back, or on Try again);
 * online, the file is gone after a deploy, and only a reload brings the current version.
 */
export function PageUnavailable({ online, retrying, onRetry }: PageUnavailableProps) {
  const text = messages.connection;
  return (
    <section className="page-unavailable" aria-labelledby="page-unavailable-title">
      <h1 id="page-unavailable-title" className="page-unavailable__title">
        {online ? text.pageUnavailable : text.pageNeedsConnection}
      </h1>
      <p className="page-unavailable__detail">
        {online ? text.pageUnavailableDetail : text.pageNeedsConnectionDetail}
      </p>
      {online ? (
        <Button onClick={() => window.location.reload()}>{text.reload}</Button>
      ) : (
        <Button
          variant="secondary"
          pending={retrying}
          onClick={() => {
            if (!retrying) {
              onRetry();
            }
          }}
        >
          {text.tryAgain}
        </Button>
      )}
    </section>
  );
}
