import type { PostCard } from '@datebook/contracts';
import { coverOf } from '@datebook/domain';
import { Button } from '@/ui/actions/button';
import { MediaItemView } from '@/ui/media/carousel/media-item-view';
import { PlaceholderPhoto } from '@/ui/media/carousel/placeholder-photo';

/** One activity the Add Activity picker offers: its cover, title and label, and Add. */
export function ActivityChoice({ activity, onAdd }: { activity: PostCard; onAdd: () => void }) {
  const cover = coverOf(activity.media);
  const label = activity.category?.name ?? activity.budget;
  return (
    <li className="plan-picker__item">
      <div className="plan-picker__cover">
        {cover === null || typeof cover === 'string' ? (
          <PlaceholderPhoto />
        ) : (
          <MediaItemView item={cover} label={activity.title} sizes="(min-width: 48rem) 12rem, 50vw" />
        )}
      </div>
      <div className="plan-picker__text">
        <span className="plan-picker__title">{activity.title}</span>
        {label && <span className="plan-picker__label">{label}</span>}
      </div>
      <Button variant="secondary" aria-label={`Add ${activity.title}`} onClick={onAdd}>
        Add
      </Button>
    </li>
  );
}
