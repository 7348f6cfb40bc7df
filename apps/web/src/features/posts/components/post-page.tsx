import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { messages, webRoutes, type PathParamName, type PostKind, type webPaths } from '@datebook/contracts';
import { parsePostId } from '@datebook/domain';
import { NotFoundPage } from '@/features/errors';
import { isApiError } from '@/lib/api-error';
import { documentTitle } from '@/lib/product';
import { FormMessage } from '@/ui/feedback/form-message';
import { usePostDetail } from '../hooks/use-post-detail';
import { PostDetailView } from './post-detail-view';

/**
 * /activity/{id} and /date/{id}: a non-numeric id, a missing post, one the viewer may not see, and
 * a date with visibility_public false (spec section 2, even for its owner, who opens it from the
 * account's popup) all show the not-found page. A plan's private recap is the exception (issue 13):
 * it is for the plan's owner and collaborators, the only people the api shows it to.
 */
export function PostPage({ kind }: { kind: PostKind }) {
  const id = parsePostId(
    useParams<PathParamName<typeof webPaths.activity | typeof webPaths.date>>().id ?? '',
  );
  return id ? <LoadedPostPage key={id} kind={kind} id={id} /> : <NotFoundPage />;
}

function LoadedPostPage({ kind, id }: { kind: PostKind; id: string }) {
  const post = usePostDetail(kind, id);
  const navigate = useNavigate();
  const noun = kind === 'activity' ? 'Activity' : 'Date';
  // Decided when the post first arrives: an owner who makes the open date private keeps seeing it.
  const [privateAtOpen, setPrivateAtOpen] = useState<boolean | null>(null);
  if (post.data && privateAtOpen === null) {
    setPrivateAtOpen(!post.data.visibilityPublic && !(post.data.kind === 'date' && post.data.isPlanRecap));
  }

  if (post.isError) {
    return isApiError(post.error) && post.error.status === 404 ? (
      <NotFoundPage />
    ) : (
      <div className="post-page">
        <title>{documentTitle(noun)}</title>
        <h1 className="visually-hidden">{noun}</h1>
        <FormMessage tone="error">{post.error.message}</FormMessage>
      </div>
    );
  }
  if (privateAtOpen) {
    return <NotFoundPage />;
  }
  if (post.isPending) {
    return (
      <div className="post-page">
        <title>{documentTitle(noun)}</title>
        <h1 className="visually-hidden">{noun}</h1>
        <p role="status">{messages.loading.generic}</p>
      </div>
    );
  }
  return (
    <div className="post-page">
      <title>{documentTitle(post.data.title)}</title>
      <PostDetailView
        post={post.data}
        headingLevel={1}
        onDeleted={() => void navigate(webRoutes.account, { replace: true })}
      />
    </div>
  );
}
