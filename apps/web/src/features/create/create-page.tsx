import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages, TITLE_MAX_LENGTH, webRoutes } from '@datebook/contracts';
import { Button } from '@/ui/button';
import { ChipInput } from '@/ui/chip-input';
import { Page } from '@/ui/page';
import { TextAreaField } from '@/ui/textarea-field';
import { TextField } from '@/ui/text-field';
import { ActivityFields } from './components/activity-fields';
import { DateFields } from './components/date-fields';
import { KindToggle } from './components/kind-toggle';
import { MediaPicker } from './components/media-picker';
import { draftStore } from './draft/draft-store';
import { withKind, type PostDraft } from './draft/post-draft';
import { validateDraft, type DraftField } from './draft/validate-draft';
import { usePostDraft } from './hooks/use-post-draft';
import './create.css';

/** Step 1 of the create flow: the details and the photos; then crop, then preview. */
export function CreatePage() {
  const draft = usePostDraft();
  return (
    <Page title="Create">
      {draft ? <DetailsForm draft={draft} /> : <p role="status">{messages.loading.generic}</p>}
    </Page>
  );
}

function DetailsForm({ draft }: { draft: PostDraft }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const change = (update: (current: PostDraft) => PostDraft) => draftStore.update(update);
  const focusPhotos = (useLocation().state as { focus?: string } | null)?.focus === 'photos';

  // 'Edit Photos' on the preview comes back here to the photos, not to the top of the form.
  useEffect(() => {
    if (focusPhotos) {
      formRef.current?.querySelector<HTMLElement>('.media-picker .button')?.focus();
    }
  }, [focusPhotos]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // After React shows the messages, take the member to the first one.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(),
      );
      return;
    }
    void navigate(
      draft.media.some((item) => item.type === 'photo') ? webRoutes.createCrop : webRoutes.createPreview,
    );
  };

  return (
    <form ref={formRef} className="create-form" onSubmit={submit} noValidate>
      <KindToggle value={draft.kind} onChange={(kind) => change((current) => withKind(current, kind))} />
      <TextField
        label="Title"
        value={draft.title}
        hint={`Up to ${TITLE_MAX_LENGTH} characters.`}
        onChange={(event) => change((current) => ({ ...current, title: event.target.value }))}
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        value={draft.description}
        onChange={(event) => change((current) => ({ ...current, description: event.target.value }))}
        error={errors.description}
      />
      {draft.kind === 'activity' ? (
        <ActivityFields draft={draft} onChange={change} errors={errors} />
      ) : (
        <DateFields draft={draft} onChange={change} />
      )}
      <ChipInput
        label="Tags"
        values={draft.tags}
        unique
        onChange={(tags) => change((current) => ({ ...current, tags }))}
      />
      <MediaPicker
        kind={draft.kind}
        media={draft.media}
        onChange={(media) => change((current) => ({ ...current, media }))}
        error={errors.media}
      />
      <Button type="submit" block>
        Next
      </Button>
    </form>
  );
}
