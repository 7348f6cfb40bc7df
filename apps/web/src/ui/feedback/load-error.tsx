import './load-error.css';
import { messages } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { FormMessage } from './form-message';

/**
 * A list or page that could not load, with nothing cached to show instead: it says so and offers to
 * try again (issue 26: a failed request never looks like an empty result).
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-error">
      <FormMessage tone="error">{message}</FormMessage>
      <Button variant="secondary" onClick={onRetry}>
        {messages.connection.tryAgain}
      </Button>
    </div>
  );
}
