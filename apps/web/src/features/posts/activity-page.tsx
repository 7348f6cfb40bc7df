import { useParams } from 'react-router-dom';
import { isNumericId } from '@/lib/ids';
import { Page } from '@/ui/page';
import { NotFoundPage } from '@/features/errors/not-found-page';

export function ActivityPage() {
  const { id } = useParams();
  return isNumericId(id) ? <Page title="Activity" /> : <NotFoundPage />;
}
