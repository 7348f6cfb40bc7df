import { useState } from 'react';
import { Button } from '@/ui/actions/button';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import { useDeletePost } from '../hooks/use-owner-actions';
import type { PostDetail } from '../hooks/use-post-detail';
import { EditPostDialog } from './edit-post-dialog';

/** Edit and Delete, for the post's owner only; `onDeleted` says where to go once it is gone. */
export function OwnerActions({ post, onDeleted }: { post: PostDetail; onDeleted: () => void }) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const remove = useDeletePost(post.kind, post.id);
  const noun = post.kind === 'activity' ? 'activity' : 'date';
  return (
    <div className="post-detail__owner">
      <Button variant="secondary" onClick={() => setOpen('edit')}>
        Edit
      </Button>
      <Button variant="ghost" onClick={() => setOpen('delete')}>
        Delete
      </Button>
      {open === 'edit' && <EditPostDialog post={post} onClose={() => setOpen(null)} />}
      {open === 'delete' && (
        <ConfirmDialog
          title={`Delete this ${noun}?`}
          message={`"${post.title}" and its photos and videos will be gone for good.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
          onCancel={() => setOpen(null)}
        />
      )}
    </div>
  );
}
