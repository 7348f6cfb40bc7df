import { useRouteError } from 'react-router-dom';
import { messages, webRoutes } from '@datebook/contracts';
import { documentTitle } from '@/lib/product';
import { Button, buttonClassName } from '@/ui/actions/button';
import { describeRouteError } from './describe-route-error';
import './errors.css';

/**
 * Shown instead of the whole app when a route throws, e.g. when a screen's code cannot be loaded
 * after a new deploy. Both ways out reload the page, which also fetches the current code.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className="error-screen error-screen--full">
      <title>{documentTitle(messages.pages.unexpectedError)}</title>
      <h1 className="error-screen__title">{messages.pages.unexpectedError}</h1>
      <p className="error-screen__detail">{describeRouteError(error)}</p>
      <div className="error-screen__actions">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <a className={buttonClassName('secondary')} href={webRoutes.home}>
          {messages.pages.goHome}
        </a>
      </div>
    </main>
  );
}
