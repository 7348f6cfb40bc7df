import { useEffect, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { messages, POST_KINDS, TITLE_MAX_LENGTH, webRoutes } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { TextField } from '@/ui/inputs/text-field';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { Page } from '@/ui/layout/page';
import { ActivityFields } from './components/activity-fields';
import { DraftCardPreview } from './components/draft-card-preview';
import { DateFields } from './components/date-fields';
import { KindToggle } from './components/kind-toggle';
import { LimitedChipInput } from '@/ui/inputs/limited-chip-input';
import { MediaPicker } from './components/media-picker';
import { draftStore } from './draft/draft-store';
import { isBlankDraft, withKind, type PostDraft } from './draft/post-draft';
import { useDraftErrors } from './hooks/use-draft-errors';
import { usePostDraft } from './hooks/use-post-draft';
import './create.css';

/**
 * How a later step sends the member back here: to the photos ('Edit Photos'), or to the messages of
 * a draft that no longer passes (one restored from storage, say).
 */
export type CreateArrival = { focus?: 'photos' | 'errors' } | null;

/**
 * Step 1 of the create flow: the details and the photos, beside the card they make on wide screens;
 * then crop, then preview. `?kind=date` (or `activity`) starts a draft not yet begun as that kind,
 * for links such as 'Create a date'.
 */
export function CreatePage() {
  const draft = usePostDraft();
  return (
    <Page title="Create" className="create-page">
      {draft ? (
        <div className="create-layout">
          <DetailsForm draft={draft} />
          <DraftCardPreview draft={draft} />
        </div>
      ) : (
        <p role="status">{messages.loading.generic}</p>
      )}
    </Page>
  );
}

function DetailsForm({ draft }: { draft: PostDraft }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const focus = (useLocation().state as CreateArrival)?.focus;
  const { errors, check } = useDraftErrors(draft, focus === 'errors');
  const change = (update: (current: PostDraft) => PostDraft) => draftStore.update(update);
  const [search, setSearch] = useSearchParams();
  const requestedKind = POST_KINDS.find((kind) => kind === search.get('kind'));

  useEffect(() => {
    if (!focus) {
      return;
    }
    // In the next frame: on arrival the layout first moves focus to the new screen's content.
    const frame = requestAnimationFrame(() => {
      if (focus === 'photos') {
        // 'Edit Photos' on the preview comes back here to the photos, not to the top of the form.
        formRef.current?.querySelector<HTMLElement>('.media-picker .button')?.focus();
      } else if (focus === 'errors') {
        focusFirstError(formRef.current);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [focus]);

  useEffect(() => {
    if (!requestedKind) {
      return;
    }
    draftStore.update((current) => (isBlankDraft(current) ? withKind(current, requestedKind) : current));
    // Once only: left in the URL, it would switch a blank draft back after the member toggled it.
    setSearch({}, { replace: true });
  }, [requestedKind, setSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) {
      // After React shows the messages, take the member to the first one.
      requestAnimationFrame(() => focusFirstError(formRef.current));
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
      <LimitedChipInput
        label="Tags"
        field="tags"
        values={draft.tags}
        unique
        onChange={(tags) => change((current) => ({ ...current, tags }))}
        error={errors.tags}
      />
      <MediaPicker
        kind={draft.kind}
        media={draft.media}
        onChange={(media) => change((current) => ({ ...current, media }))}
        error={errors.media}
      />
      <div className="create-sticky-action">
        <Button type="submit" block>
          Next
        </Button>
      </div>
    </form>
  );
}

function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
}
