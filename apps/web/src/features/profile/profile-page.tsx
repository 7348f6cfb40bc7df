import { useParams } from 'react-router-dom';
import { Page } from '@/ui/page';

export function ProfilePage() {
  const { username = '' } = useParams();
  return <Page title="Profile" subtitle={`@${username}`} />;
}
