import { PAGE_SIZES } from '@datebook/contracts';
import { useSessionUser } from '@/features/session';
import { useExploreCreators } from '../hooks/use-explore-lists';
import { CreatorRow } from './creator-row';
import { EmptyNote, ExploreSection, LoadError } from './explore-section';

/**
 * 'Suggested Creators to Follow' for a member, 'Popular Creators' for a visitor (spec section 2),
 * four of them (section 9). The api asks for one more than is shown, so a member who follows from
 * here still sees four when the list is next loaded.
 */
export function CreatorsSection() {
  const user = useSessionUser();
  const creators = useExploreCreators();
  const shown = creators.data?.items.slice(0, PAGE_SIZES.suggestedCreatorsShown) ?? [];

  return (
    <ExploreSection title={user ? 'Suggested Creators to Follow' : 'Popular Creators'}>
      {creators.isPending ? (
        <ul className="explore-creators" aria-hidden="true">
          {Array.from({ length: PAGE_SIZES.suggestedCreatorsShown }, (_, index) => (
            <li
              key={index}
              className="explore-skeleton explore-skeleton--creator"
              data-testid="creator-skeleton"
            />
          ))}
        </ul>
      ) : creators.data === undefined ? (
        <LoadError message="Couldn't load the creators." onRetry={() => void creators.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyNote>
          {user ? 'No one new to suggest right now. Check back soon.' : 'No creators to show yet.'}
        </EmptyNote>
      ) : (
        <ul className="explore-creators" aria-label="Creators">
          {shown.map((creator) => (
            <li key={creator.id}>
              <CreatorRow creator={creator} signedIn={user !== null} />
            </li>
          ))}
        </ul>
      )}
    </ExploreSection>
  );
}
