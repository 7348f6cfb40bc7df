import { messages, type PostKind } from '@datebook/contracts';
import { postTypeLabel } from '@datebook/domain';
import { FormMessage } from '@/ui/feedback/form-message';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { usePostDetail } from '../hooks/use-post-detail';
import { PostDetailView } from './post-detail-view';

interface PostDetailDialogProps {
  kind: PostKind;
  id: string;
  onClose: () => void;
}

/** The activity or date detail popup (spec section 2, Modals); deleting the post closes it. */
export function PostDetailDialog({ kind, id, onClose }: PostDetailDialogProps) {
  const post = usePostDetail(kind, id);
  return (
    <Dialog title={postTypeLabel(kind)} size="wide" onClose={onClose}>
      {post.isPending && <p role="status">{messages.loading.generic}</p>}
      {post.isError && <FormMessage tone="error">{post.error.message}</FormMessage>}
      {post.isSuccess && <PostDetailView post={post.data} headingLevel={2} onDeleted={onClose} />}
    </Dialog>
  );
}
