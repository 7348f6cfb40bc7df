import { formatDisplayDate, placeLabel, postTypeLabel } from '@datebook/domain';
import { useCategories } from '@/features/posts';
import { CategoryLabel } from '@/ui/icons/category-label';
import { FactList, type Fact } from '@/ui/layout/fact-list';
import type { PostDraft } from '../draft/post-draft';

/** The details as they will be published; empty optional fields are left out. */
export function PreviewDetails({ draft }: { draft: PostDraft }) {
  const categories = useCategories('activity');
  const category = categories.data?.find((item) => item.id === draft.categoryId);
  const rows: Fact[] = [['Type', postTypeLabel(draft.kind)]];
  if (draft.kind === 'activity') {
    rows.push(
      ['Category', category ? <CategoryLabel category={category} /> : ''],
      ['Mood', draft.mood],
      ['Budget', draft.budget],
      ['Time required', draft.timeRequired],
      ['Location', placeLabel(draft)],
      ['What you need', draft.equipment.join(', ')],
    );
  } else {
    rows.push(
      ['Date', formatDisplayDate(draft.dateOf, 'No date selected')],
      ['Connected activities', draft.connectedActivities.length || ''],
      ['Visibility', draft.isPrivate ? 'Private Post' : 'Public'],
      ['Comments', draft.allowComments ? 'Allowed' : 'Off'],
    );
  }
  rows.push(['Tags', draft.tags.map((tag) => `#${tag}`).join(' ')]);
  return <FactList facts={rows.filter(([, value]) => value !== '')} />;
}
