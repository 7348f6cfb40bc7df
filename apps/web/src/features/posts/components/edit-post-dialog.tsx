import { useRef, useState, type FormEvent } from 'react';
import {
  BUDGETS,
  isSiteSpecific,
  keptAddress,
  LOCATION_TYPES,
  messages,
  type LocationType,
  type UpdateActivityRequest,
} from '@datebook/contracts';
import { useFormErrors } from '@/lib/use-form-errors';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { LimitedChipInput } from '@/ui/inputs/limited-chip-input';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import { useUpdatePost } from '../hooks/use-owner-actions';
import type { PostDetail } from '../hooks/use-post-detail';
import { CategorySelect } from './category-select';

const FIELDS = ['title', 'description', 'tags', 'categoryId', 'budget', 'equipment', 'location'] as const;

interface EditPostDialogProps {
  post: PostDetail;
  onClose: () => void;
}

/** The owner's edit of the spec's updatable fields (section 7); the rest stays as published. */
export function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdatePost(post.id);
  const errors = useFormErrors(FIELDS, formRef);
  const [title, setTitle] = useState(post.title);
  const [description, setDescription] = useState(post.description);
  const [tags, setTags] = useState(post.tags);
  const [activity, setActivity] = useState<UpdateActivityRequest>(() =>
    post.kind === 'activity'
      ? {
          budget: post.budget ?? undefined,
          equipment: post.equipment,
          locationType: post.locationType,
          location: post.location,
        }
      : {},
  );
  const [isPrivate, setPrivate] = useState(post.kind === 'date' && !post.visibilityPublic);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) {
      return;
    }
    const common = { title, description, tags };
    update.mutate(
      post.kind === 'activity'
        ? { kind: 'activity', body: { ...activity, ...common } }
        : { kind: 'date', body: { ...common, visibilityPublic: !isPrivate } },
      { onSuccess: onClose, onError: errors.show },
    );
  };

  return (
    <Dialog title={post.kind === 'activity' ? 'Edit Activity' : 'Edit Date'} onClose={onClose}>
      <form ref={formRef} className="edit-post" onSubmit={submit} noValidate>
        <TextField
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.fieldErrors.title}
        />
        <TextAreaField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.fieldErrors.description}
        />
        <LimitedChipInput
          label="Tags"
          field="tags"
          values={tags}
          unique
          onChange={setTags}
          error={errors.fieldErrors.tags}
        />
        {post.kind === 'activity' ? (
          <>
            <CategorySelect
              appliesTo="activity"
              value={activity.categoryId}
              fallbackSlug={post.category?.slug}
              onChange={(categoryId) => setActivity({ ...activity, categoryId })}
              error={errors.fieldErrors.categoryId}
            />
            <SelectField
              label="Budget"
              placeholder={messages.inputs.choose}
              options={BUDGETS}
              value={activity.budget ?? ''}
              onChange={(event) =>
                setActivity({ ...activity, budget: event.target.value as UpdateActivityRequest['budget'] })
              }
              error={errors.fieldErrors.budget}
            />
            <LimitedChipInput
              label="What you need"
              field="equipment"
              values={activity.equipment ?? []}
              unique={false}
              onChange={(equipment) => setActivity({ ...activity, equipment })}
              error={errors.fieldErrors.equipment}
            />
            <SelectField
              label="Location type"
              options={LOCATION_TYPES}
              value={activity.locationType ?? 'Anywhere'}
              onChange={(event) => {
                const locationType = event.target.value as LocationType;
                setActivity({
                  ...activity,
                  locationType,
                  location: keptAddress(locationType, activity.location),
                });
              }}
            />
            {isSiteSpecific(activity.locationType) && (
              <TextField
                label="Address"
                value={activity.location ?? ''}
                onChange={(event) => setActivity({ ...activity, location: event.target.value })}
                error={errors.fieldErrors.location}
              />
            )}
          </>
        ) : (
          <CheckboxField
            label="Private Post"
            checked={isPrivate}
            onChange={(event) => setPrivate(event.target.checked)}
          />
        )}
        <FormFooter
          error={errors.formError}
          onCancel={onClose}
          actionLabel="Save"
          pending={update.isPending}
        />
      </form>
    </Dialog>
  );
}
