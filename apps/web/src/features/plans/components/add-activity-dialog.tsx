import { useState, type FormEvent } from 'react';
import { messages, type PostCard } from '@datebook/contracts';
import { newOpId } from '@datebook/domain';
import { Button } from '@/ui/actions/button';
import { LoadMoreButton } from '@/ui/actions/load-more-button';
import { FormMessage } from '@/ui/feedback/form-message';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { TextField } from '@/ui/inputs/text-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { Tabs } from '@/ui/layout/tabs/tabs';
import { useActivitySource, type ActivitySource } from '../hooks/use-activity-sources';
import type { PlanSession } from '../hooks/use-plan';
import { ActivityChoice } from './activity-choice';

type PickerTab = ActivitySource | 'custom';

const TABS: { key: PickerTab; label: string }[] = [
  { key: 'own', label: 'Your activities' },
  { key: 'saved', label: 'Saved' },
  { key: 'search', label: 'Search' },
  { key: 'custom', label: 'Custom' },
];

/**
 * Add Activity (spec section 2): one of the member's own activities, a saved one, one found by a
 * search, or a custom entry with a location and details. The row appears in the plan at once.
 */
export function AddActivityDialog({ session, onClose }: { session: PlanSession; onClose: () => void }) {
  const [tab, setTab] = useState<PickerTab>('own');
  const [error, setError] = useState<string>();

  const addLinked = async (activity: PostCard) => {
    setError(undefined);
    const result = await session.perform(
      { type: 'activity.add', ref: newOpId(), source: { kind: 'linked', activityId: activity.id } },
      {
        quiet: true,
        onQueued: onClose,
        facts: {
          activity: {
            id: activity.id,
            visible: true,
            title: activity.title,
            location: null,
            imageUrl: activity.media.find((item) => item.type === 'photo')?.url ?? null,
            budget: activity.budget,
          },
        },
      },
    );
    if (!result.ok) {
      setError(result.alert);
    }
  };

  return (
    <Dialog title={messages.plans.actions.addActivity} size="wide" onClose={onClose}>
      <div className="plan-dialog plan-dialog--picker">
        <Tabs tabs={TABS} selected={tab} onSelect={setTab}>
          {tab === 'custom' ? (
            <CustomEntryForm session={session} onAdded={onClose} />
          ) : (
            <ActivityChoices source={tab} onAdd={(activity) => void addLinked(activity)} />
          )}
        </Tabs>
        {error && <FormMessage tone="error">{error}</FormMessage>}
      </div>
    </Dialog>
  );
}

function ActivityChoices({ source, onAdd }: { source: ActivitySource; onAdd: (activity: PostCard) => void }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const activities = useActivitySource(source, query);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };
  return (
    <div className="plan-picker">
      {source === 'search' && (
        <form className="plan-picker__search" role="search" onSubmit={search}>
          <TextField
            label="Search activities"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      )}
      {source === 'search' && query === '' ? null : activities.isPending ? (
        <p role="status">{messages.loading.generic}</p>
      ) : activities.isError ? (
        <FormMessage tone="error">{activities.error.message}</FormMessage>
      ) : activities.items.length === 0 ? (
        <p className="plan-section__empty">
          {source === 'search' ? messages.empty.searchTitle : messages.empty.activities}
        </p>
      ) : (
        <ul className="plan-picker__list" aria-label="Activities">
          {activities.items.map((activity) => (
            <ActivityChoice key={activity.id} activity={activity} onAdd={() => onAdd(activity)} />
          ))}
        </ul>
      )}
      {activities.hasNextPage && <LoadMoreButton query={activities} variant="ghost" />}
    </div>
  );
}

/** A row of the planner's own words; the typed text stays until the server has it. */
function CustomEntryForm({ session, onAdded }: { session: PlanSession; onAdded: () => void }) {
  const [location, setLocation] = useState('');
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) {
      return;
    }
    setSending(true);
    setError(undefined);
    const result = await session.perform(
      {
        type: 'activity.add',
        ref: newOpId(),
        source: { kind: 'custom', customLocation: location, customDetails: details },
      },
      { quiet: true, onQueued: onAdded },
    );
    setSending(false);
    if (!result.ok) {
      setError(result.alert);
    }
  };
  return (
    <form className="plan-picker" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Location"
        optional
        value={location}
        onChange={(event) => setLocation(event.target.value)}
      />
      <TextAreaField
        label="Details"
        optional
        value={details}
        onChange={(event) => setDetails(event.target.value)}
      />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <Button type="submit" pending={sending}>
        Add custom activity
      </Button>
    </form>
  );
}
