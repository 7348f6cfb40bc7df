import { useEffect, useMemo, useState } from 'react';
import { messages, postMessages } from '@datebook/contracts';
import { useProfilePosts } from '@/features/posts';
import { useSignedInUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { CheckboxField } from '@/ui/inputs/checkbox-field';

interface ConnectedActivitiesFieldProps {
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * A date may link the author's own activities (spec section 3, connectedActivity). Every page of
 * them is loaded, so each ticked one is shown and can be unticked. A ticked id that is not among
 * them (an activity deleted since the draft was saved) is dropped, with a note: left in, it could not
 * be unticked and the api would refuse the date after every photo had been uploaded.
 */
export function ConnectedActivitiesField({ value, onChange }: ConnectedActivitiesFieldProps) {
  const user = useSignedInUser();
  const activities = useProfilePosts('activity', user.username);
  const { data, hasNextPage, isFetchingNextPage, isError, fetchNextPage } = activities;
  const loadedAll = activities.isSuccess && !hasNextPage;
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  // Null until every page is in: only then is an id missing from them known to be gone.
  const known = useMemo(
    () =>
      loadedAll && data ? new Set(data.pages.flatMap((page) => page.items.map((item) => item.id))) : null,
    [loadedAll, data],
  );
  const [droppedSome, setDroppedSome] = useState(false);
  if (known && !droppedSome && value.some((id) => !known.has(id))) {
    setDroppedSome(true);
  }

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  useEffect(() => {
    const kept = known && value.filter((id) => known.has(id));
    if (kept && kept.length < value.length) {
      onChange(kept);
    }
  }, [known, value, onChange]);

  return (
    <fieldset className="create-form__group">
      <legend className="field__label">Connected activities (optional)</legend>
      {items.map((activity) => (
        <CheckboxField
          key={activity.id}
          label={activity.title}
          checked={value.includes(activity.id)}
          onChange={(event) =>
            onChange(
              event.target.checked ? [...value, activity.id] : value.filter((id) => id !== activity.id),
            )
          }
        />
      ))}
      {(activities.isPending || isFetchingNextPage) && <p role="status">{messages.loading.generic}</p>}
      {isError && (
        <>
          <FormMessage tone="error">{activities.error.message}</FormMessage>
          <Button variant="secondary" onClick={() => void activities.refetch()}>
            Try again
          </Button>
        </>
      )}
      {loadedAll && items.length === 0 && (
        <p className="field__hint">Activities you publish can be linked to your dates.</p>
      )}
      {droppedSome && (
        <p className="field__hint" role="status">
          {postMessages.connectedActivityNotFound}
        </p>
      )}
    </fieldset>
  );
}
