import { Page } from '@/ui/page';

export function CropPage() {
  return <Page title="Crop Photos" />;
}
