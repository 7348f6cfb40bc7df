import { useState, type FormEvent } from 'react';
import { messages, updateCollectionRequestSchema, type Collection } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import { useCollections } from '../hooks/use-collections';
import { usePickedPhoto } from '../hooks/use-picked-photo';
import { useDeleteCollection, useUpdateCollection } from '../hooks/use-collection-writes';
import { nameTaken, writeErrorText } from '../collection-errors';
import { CollectionNameField } from './collection-name-field';
import { CoverPhotoPicker } from './cover-photo-picker';
import '../collections.css';

/** The title as the api checks it, before the dialog decides whether there is anything to send. */
const collectionNameSchema = updateCollectionRequestSchema.pick({ name: true });

interface EditCollectionDialogProps {
  collection: Collection;
  onClose: () => void;
  onSaved: (collection: Collection) => void;
  onDeleted: () => void;
}

/**
 * Edit a collection's title and cover photo, or delete it after a confirmation (spec section 5,
 * Collection edit). The default collection keeps its name (a new cover is fine) and cannot be
 * deleted; the dialog says so when asked.
 */
export function EditCollectionDialog({ collection, onClose, onSaved, onDeleted }: EditCollectionDialogProps) {
  const collections = useCollections();
  const update = useUpdateCollection(collection.id);
  const remove = useDeleteCollection(collection.id);
  const [title, setTitle] = useState(collection.name);
  const [cover, pickCover] = usePickedPhoto();
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  // A title that differs only by spaces enables Save, which then just closes (nothing to store).
  const unchanged = title === collection.name && !cover;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) {
      return;
    }
    const parsed = collectionNameSchema.safeParse({ name: title });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    const trimmed = parsed.data.name;
    const renamed = trimmed !== collection.name;
    if (!renamed && !cover) {
      onClose();
      return;
    }
    if (renamed && collection.isDefault) {
      setFormError(messages.collections.defaultCannotBeRenamed);
      return;
    }
    if (nameTaken(collections.data, trimmed, collection.id)) {
      setError(messages.collections.titleExists);
      return;
    }
    update.mutate(
      { name: trimmed, cover: cover?.file },
      {
        onSuccess: onSaved,
        onError: (failure) => setFormError(writeErrorText(failure, messages.collections.unableToUpdateRetry)),
      },
    );
  };

  const askToDelete = () => {
    if (collection.isDefault) {
      setFormError(messages.collections.defaultCannotBeDeletedDot);
      return;
    }
    remove.reset();
    setConfirming(true);
  };

  return (
    <Dialog title="Edit Collection" onClose={onClose}>
      <form className="collection-form" noValidate onSubmit={submit}>
        <CollectionNameField
          label="Title"
          name="title"
          value={title}
          error={error}
          onChange={(value) => {
            setTitle(value);
            setError(undefined);
            setFormError(undefined);
          }}
        />
        <CoverPhotoPicker
          currentUrl={collection.coverUrl}
          pickedUrl={cover?.url}
          onPick={(photo) => {
            pickCover(photo);
            setFormError(undefined);
          }}
          onRefuse={setFormError}
        />
        <FormFooter
          error={formError}
          onCancel={onClose}
          actionLabel="Save"
          pending={update.isPending}
          disabled={unchanged}
          start={
            <Button variant="ghost" className="collection-form__delete" onClick={askToDelete}>
              Delete
            </Button>
          }
        />
      </form>
      {confirming && (
        <ConfirmDialog
          title="Delete collection?"
          message={messages.collections.confirmDelete}
          confirmLabel="Delete"
          pending={remove.isPending}
          error={
            remove.error ? writeErrorText(remove.error, messages.collections.unableToDeleteRetry) : undefined
          }
          onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Dialog>
  );
}
