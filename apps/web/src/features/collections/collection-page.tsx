import { useParams } from 'react-router-dom';
import { Page } from '@/ui/layout/page';

export function CollectionPage() {
  const { collectionName = '' } = useParams();
  return <Page title={collectionName} />;
}
