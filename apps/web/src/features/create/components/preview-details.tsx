import { formatDisplayDate, postTypeLabel } from '@datebook/domain';
import { postFacts, useCategories, type FactsSource } from '@/features/posts';
import { FactList, type Fact } from '@/ui/layout/fact-list';
import type { PostDraft } from '../draft/post-draft';

/** The details as they will be published; empty optional fields are left out. */
export function PreviewDetails({ draft }: { draft: PostDraft }) {
  const categories = useCategories('activity');
  const category = categories.data?.find((item) => item.id === draft.categoryId);
  const first: Fact[] = [['Type', postTypeLabel(draft.kind)]];
  if (draft.kind === 'date') {
    first.push(
      ['Date', formatDisplayDate(draft.dateOf, 'No date selected')],
      ['Connected activities', draft.connectedActivities.length || ''],
      ['Visibility', draft.isPrivate ? 'Private Post' : 'Public'],
      ['Comments', draft.allowComments ? 'Allowed' : 'Off'],
    );
  }
  const rows = postFacts(publishedFacts(draft, category), first);
  return <FactList facts={rows.filter(([, value]) => value !== '')} />;
}

/** A date publishes none of the activity fields an earlier switch of kind may have left. */
function publishedFacts(draft: PostDraft, category: FactsSource['category']): FactsSource {
  return draft.kind === 'activity'
    ? { ...draft, kind: 'activity', category }
    : { kind: 'date', category: null, budget: null, tags: draft.tags };
}
