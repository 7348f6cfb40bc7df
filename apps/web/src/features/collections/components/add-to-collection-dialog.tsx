import { useState } from 'react';
import { collectionMessages, messages, type Collection, type PostKind } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { PlusIcon } from '@/ui/icons/icons';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import { useCollections } from '../hooks/use-collections';
import { useChangePostCollections, usePostCollections } from '../hooks/use-post-collections';
import { CreateCollectionDialog } from './create-collection-dialog';
import '../collections.css';

interface AddToCollectionDialogProps {
  post: { kind: PostKind; id: string };
  onClose: () => void;
}

/**
 * Ticks the member's collections that should hold a post; Save sends only what the member changed
 * (the ticked and the unticked), applied in one transaction (spec section 4), so a collection this
 * list does not show keeps what it holds. A collection ticked also ticks the default one, as the
 * api would. A toast names where the post now is.
 */
export function AddToCollectionDialog({ post, onClose }: AddToCollectionDialogProps) {
  const collections = useCollections();
  const current = usePostCollections(post.kind, post.id);
  const save = useChangePostCollections(post.kind, post.id);
  const toast = useToast();
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [creating, setCreating] = useState(false);
  if (chosen === null && current.data) {
    setChosen(new Set(current.data.collectionIds));
  }
  const defaultId = collections.data?.find((collection) => collection.isDefault)?.id;

  const choose = (collection: Collection, selected: boolean) => {
    save.reset();
    setChosen((previous) => {
      const next = new Set(previous);
      if (!selected) {
        next.delete(collection.id);
        return next;
      }
      next.add(collection.id);
      if (defaultId !== undefined) {
        next.add(defaultId);
      }
      return next;
    });
  };

  const loading = collections.isPending || chosen === null;
  const failed = collections.isError || current.isError;
  return (
    <Dialog title="Add to collection" onClose={onClose}>
      <div className="add-to-collection">
        {failed ? (
          <FormMessage tone="error">{messages.collections.unableToLoad}</FormMessage>
        ) : loading ? (
          <p role="status">{messages.loading.collections}</p>
        ) : (
          <>
            <fieldset className="add-to-collection__choices">
              <legend className="visually-hidden">Collections</legend>
              {collections.data.map((collection) => (
                <CheckboxField
                  key={collection.id}
                  label={collection.name}
                  checked={chosen.has(collection.id)}
                  onChange={(event) => choose(collection, event.target.checked)}
                />
              ))}
            </fieldset>
            <Button variant="ghost" onClick={() => setCreating(true)}>
              <PlusIcon size={18} />
              Create a Collection
            </Button>
            <FormFooter
              error={save.isError ? messages.collections.unableToSave : undefined}
              onCancel={onClose}
              actionLabel="Save"
              pending={save.isPending}
              onAction={() => {
                const before = new Set(current.data?.collectionIds);
                const add = [...chosen].filter((id) => !before.has(id));
                const remove = [...before].filter((id) => !chosen.has(id));
                if (add.length === 0 && remove.length === 0) {
                  onClose();
                  return;
                }
                save.mutate(
                  { add, remove },
                  {
                    onSuccess: (result) => {
                      toast.success(
                        collectionMessages.savedTo(holdingNames(collections.data, result.collectionIds)),
                      );
                      onClose();
                    },
                  },
                );
              }}
            />
          </>
        )}
      </div>
      {creating && (
        <CreateCollectionDialog
          onClose={() => setCreating(false)}
          onCreated={(collection) => choose(collection, true)}
        />
      )}
    </Dialog>
  );
}

/** The names of the collections holding the post, the member's own first and the default last. */
function holdingNames(collections: readonly Collection[], ids: readonly string[]): string[] {
  const holding = collections.filter((collection) => ids.includes(collection.id));
  return [...holding.filter((c) => !c.isDefault), ...holding.filter((c) => c.isDefault)].map((c) => c.name);
}
