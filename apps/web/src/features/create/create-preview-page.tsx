import { useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { messages, webRoutes } from '@datebook/contracts';
import { postKeys } from '@/features/posts';
import { ownProfileQuery } from '@/features/profile';
import { useSignedInUser } from '@/features/session';
import { errorMessageOf } from '@/lib/field-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { Page } from '@/ui/layout/page';
import { PreviewDetails } from './components/preview-details';
import { PreviewMedia } from './components/preview-media';
import type { CreateArrival } from './create-page';
import { draftStore } from './draft/draft-store';
import type { PostDraft } from './draft/post-draft';
import { validateDraft } from './draft/validate-draft';
import { usePostDraft } from './hooks/use-post-draft';
import { publishDraft } from './publish-post';
import './create.css';

/** Step 3: the post as it will look, with the ways back to each step, and Publish. */
export function CreatePreviewPage() {
  const draft = usePostDraft();
  // Once published, the page shows what was sent until /account replaces it: the store is emptied
  // for the next post at once, and an empty draft here would redirect to /create instead.
  const [published, setPublished] = useState<PostDraft | null>(null);
  if (published) {
    return <Preview draft={published} onPublished={setPublished} />;
  }
  if (!draft) {
    return (
      <Page title="Preview" className="create-page">
        <p role="status">{messages.loading.generic}</p>
      </Page>
    );
  }
  // A reload or a typed URL can land here with details still missing: those are fixed on step 1.
  if (Object.keys(validateDraft(draft)).length > 0) {
    const arrival: CreateArrival = { focus: 'errors' };
    return <Navigate to={webRoutes.create} state={arrival} replace />;
  }
  return <Preview draft={draft} onPublished={setPublished} />;
}

const photosArrival: CreateArrival = { focus: 'photos' };

function Preview({ draft, onPublished }: { draft: PostDraft; onPublished: (draft: PostDraft) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { id: userId } = useSignedInUser();
  // A ref, not state: a second click in the same frame must already see the first one.
  const publishing = useRef(false);
  const [pending, setPending] = useState(false);
  // One name for every attempt from this preview: a retry after a lost answer finds the post made.
  const [requestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string>();

  const publish = async () => {
    if (publishing.current) {
      return;
    }
    publishing.current = true;
    setPending(true);
    setError(undefined);
    try {
      await publishDraft(draft, requestId);
    } catch (failure) {
      publishing.current = false;
      setPending(false);
      setError(errorMessageOf(failure, messages.errors.unexpected));
      return;
    }
    onPublished(draft);
    void draftStore.clear(userId);
    // /account arrives whole, its heading there to take focus, rather than as 'Loading…'.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
      queryClient.prefetchQuery(ownProfileQuery),
    ]);
    // Raised once /account is the screen, so it belongs to /account however long the way there took.
    await navigate(webRoutes.account, { replace: true });
    toast.success(messages.posts.published);
  };

  return (
    <Page title="Preview" className="create-page">
      <div className="create-preview">
        <PreviewMedia media={draft.media} title={draft.title} />
        <div className="create-preview__details">
          <h2 className="create-preview__title">{draft.title}</h2>
          <p className="create-preview__description">{draft.description}</p>
          <PreviewDetails draft={draft} />
          {error && <FormMessage tone="error">{error}</FormMessage>}
        </div>
        <div className="create-preview__actions">
          {/* Edits made while publishing would be lost with the draft. */}
          <div className="create-preview__edits">
            <Button
              variant="secondary"
              disabled={pending}
              onClick={() => void navigate(webRoutes.createCrop)}
            >
              Re-crop
            </Button>
            <Button
              variant="secondary"
              disabled={pending}
              onClick={() => void navigate(webRoutes.create, { state: photosArrival })}
            >
              Edit Photos
            </Button>
            <Button variant="secondary" disabled={pending} onClick={() => void navigate(webRoutes.create)}>
              Edit Details
            </Button>
          </div>
          <div className="create-preview__publish create-sticky-action">
            <Button pending={pending} onClick={() => void publish()}>
              Publish
            </Button>
          </div>
        </div>
      </div>
    </Page>
  );
}
