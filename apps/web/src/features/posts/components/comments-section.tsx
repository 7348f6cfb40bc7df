import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { messages, postMessages, webRoutes } from '@datebook/contracts';
import { authorLabel, formatDisplayDate } from '@datebook/domain';
import { useSessionUser } from '@/features/session';
import { isApiError } from '@/lib/api-error';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { UserAvatar } from '@/ui/media/user-avatar';
import { useAddComment, useComments, useDeleteComment } from '../hooks/use-comments';
import type { PostDetail } from '../hooks/use-post-detail';

/** The comments, and a form to add one where the post allows it and a member is signed in. */
export function CommentsSection({ post }: { post: PostDetail }) {
  const headingId = useId();
  const comments = useComments(post.kind, post.id);
  const remove = useDeleteComment(post.kind, post.id);
  const user = useSessionUser();
  const open = post.kind === 'activity' || post.allowComments;
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="post-comments" aria-labelledby={headingId}>
      <h2 id={headingId}>Comments ({post.commentCount})</h2>
      {comments.isPending && <p role="status">{messages.loading.generic}</p>}
      {comments.isError && items.length === 0 && (
        <FormMessage tone="error">
          {comments.error.message}{' '}
          <Button variant="ghost" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </FormMessage>
      )}
      {items.length > 0 && (
        <ul className="post-comments__list">
          {items.map((comment) => (
            <li key={comment.id} className="post-comments__item">
              <div className="post-comments__meta">
                <Link className="post-comments__author" to={webRoutes.profile(comment.author.username)}>
                  <UserAvatar username={comment.author.username} src={comment.author.avatarUrl} size="sm" />
                  <span className="post-comments__names">
                    <span className="post-comments__name">{authorLabel(comment.author)}</span>
                    {/* Without a display name the name shown is the username: not twice. */}
                    {authorLabel(comment.author) !== comment.author.username && (
                      <span className="post-comments__username">@{comment.author.username}</span>
                    )}
                  </span>
                </Link>
                <span className="post-comments__date">{formatDisplayDate(comment.createdAt)}</span>
              </div>
              <p className="post-comments__body">{comment.body}</p>
              {comment.canDelete && (
                <Button
                  variant="ghost"
                  pending={remove.isPending && remove.variables === comment.id}
                  onClick={() => !remove.isPending && remove.mutate(comment.id)}
                >
                  Delete comment
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <FormMessage tone="error">{remove.error.message}</FormMessage>}
      {comments.hasNextPage && (
        <Button
          variant="secondary"
          pending={comments.isFetchingNextPage}
          onClick={() => !comments.isFetchingNextPage && void comments.fetchNextPage()}
        >
          More comments
        </Button>
      )}
      {!open && <p className="post-comments__closed">{postMessages.commentsClosed}</p>}
      {open && user && <CommentForm post={post} />}
      {open && !user && (
        <p>
          <Link to={webRoutes.login}>Log in</Link> to comment.
        </p>
      )}
    </section>
  );
}

function CommentForm({ post }: { post: PostDetail }) {
  const [body, setBody] = useState('');
  // One id per comment written: sending it again after a failure (its answer may have been lost
  // on the way) cannot store it twice. New text is a new comment, with a new id.
  const [clientId, setClientId] = useState(newCommentId);
  const add = useAddComment(post.kind, post.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) {
      return;
    }
    add.mutate(
      { body, clientId },
      {
        onSuccess: () => {
          setBody('');
          setClientId(newCommentId());
        },
      },
    );
  };
  const fieldError =
    isApiError(add.error) && add.error.issues.length > 0 ? add.error.issues[0]?.message : undefined;
  return (
    <form className="post-comments__form" onSubmit={submit} noValidate>
      <TextAreaField
        label="Add a comment"
        rows={2}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setClientId(newCommentId());
        }}
        error={fieldError}
      />
      {add.isError && !fieldError && <FormMessage tone="error">{add.error.message}</FormMessage>}
      <Button type="submit" pending={add.isPending}>
        Post comment
      </Button>
    </form>
  );
}

const newCommentId = () => crypto.randomUUID();
