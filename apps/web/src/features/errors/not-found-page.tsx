import { messages, webRoutes } from '@datebook/contracts';
import { documentTitle } from '@/lib/product';
import { ButtonLink } from '@/ui/actions/button-link';
import './errors.css';

export function NotFoundPage() {
  return (
    <div className="error-screen">
      <title>{documentTitle(messages.pages.notFoundTitle)}</title>
      <p className="error-screen__code" aria-hidden="true">
        404
      </p>
      <h1 className="error-screen__title">{messages.pages.notFoundTitle}</h1>
      <p className="error-screen__detail">{messages.pages.notFoundBody}</p>
      <ButtonLink to={webRoutes.home}>{messages.pages.goHome}</ButtonLink>
    </div>
  );
}
