import { useParams } from 'react-router-dom';
import { isNumericId } from '@/lib/ids';
import { Page } from '@/ui/page';
import { NotFoundPage } from '@/features/errors/not-found-page';

/** A date post; an id that is not a number shows the not-found page (spec section 2). */
export function DatePage() {
  const { id } = useParams();
  return isNumericId(id) ? <Page title="Date" /> : <NotFoundPage />;
}
