import { useNavigate, useParams } from 'react-router-dom';
import { messages, webRoutes, type PostKind } from '@datebook/contracts';
import { parsePostId } from '@datebook/domain';
import { NotFoundPage } from '@/features/errors/not-found-page';
import { isApiError } from '@/lib/api-error';
import { documentTitle } from '@/lib/product';
import { FormMessage } from '@/ui/form-message';
import { usePostDetail } from '../hooks/use-post-detail';
import { PostDetailView } from './post-detail-view';

/**
 * /activity/{id} and /date/{id}: a non-numeric id, a missing post and one the viewer may not see
 * (a private date, spec section 2) all show the not-found page.
 */
export function PostPage({ kind }: { kind: PostKind }) {
  const id = parsePostId(useParams().id ?? '');
  return id ? <LoadedPostPage key={id} kind={kind} id={id} /> : <NotFoundPage />;
}

function LoadedPostPage({ kind, id }: { kind: PostKind; id: string }) {
  const post = usePostDetail(kind, id);
  const navigate = useNavigate();
  const noun = kind === 'activity' ? 'Activity' : 'Date';

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
