import { useQuery } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { fetchProfilePosts } from '@/features/posts/api';
import { postKeys } from '@/features/posts/query-keys';
import { useSignedInUser } from '@/features/session/use-session';
import { CheckboxField } from '@/ui/checkbox-field';

interface ConnectedActivitiesFieldProps {
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

/** A date may link the author's own activities (spec section 3, connectedActivity). */
export function ConnectedActivitiesField({ value, onChange }: ConnectedActivitiesFieldProps) {
  const user = useSignedInUser();
  const activities = useQuery({
    queryKey: [...postKeys.profileList('activity', user.username), 'linkable'],
    queryFn: ({ signal }) => fetchProfilePosts('activity', user.username, undefined, signal),
  });
  const items = activities.data?.items ?? [];
  return (
    <fieldset className="create-form__group">
      <legend className="field__label">Connected activities (optional)</legend>
      {activities.isPending && <p role="status">{messages.loading.generic}</p>}
      {activities.isSuccess && items.length === 0 && (
        <p className="field__hint">Activities you publish can be linked to your dates.</p>
      )}
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
    </fieldset>
  );
}
