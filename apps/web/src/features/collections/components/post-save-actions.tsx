import { useState } from 'react';
import type { PostKind } from '@datebook/contracts';
import { useSessionUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { BookmarkIcon } from '@/ui/icons/icons';
import { useSaveToggle } from '../hooks/use-save-toggle';
import { AddToCollectionDialog } from './add-to-collection-dialog';

interface PostSaveActionsProps {
  post: { kind: PostKind; id: string; isSaved: boolean };
}

/**
 * Save and 'Add to collection' on a post's page and popup (spec section 2, Modals). Visitors may
 * not save (spec section 6) and see neither.
 */
export function PostSaveActions({ post }: PostSaveActionsProps) {
  const user = useSessionUser();
  const save = useSaveToggle();
  const [choosing, setChoosing] = useState(false);
  if (!user) {
    return null;
  }
  return (
    <>
      <Button
        variant="secondary"
        aria-pressed={post.isSaved}
        pending={save.pending}
        onClick={() => !save.pending && save.toggle(post)}
      >
        <BookmarkIcon size={18} />
        {post.isSaved ? 'Saved' : 'Save'}
      </Button>
      <Button variant="secondary" onClick={() => setChoosing(true)}>
        Add to collection
      </Button>
      {choosing && <AddToCollectionDialog post={post} onClose={() => setChoosing(false)} />}
    </>
  );
}
