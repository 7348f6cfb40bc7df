import { useState, type FormEvent } from 'react';
import { createCollectionRequestSchema, messages, type Collection } from '@datebook/contracts';
import { useSessionUser } from '@/features/session';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import { useCollections } from '../hooks/use-collections';
import { useCreateCollection } from '../hooks/use-collection-writes';
import { createErrorText, nameTaken } from '../collection-errors';
import { CollectionNameField } from './collection-name-field';
import '../collections.css';

interface CreateCollectionDialogProps {
  onClose: () => void;
  onCreated?: (collection: Collection) => void;
}

/**
 * 'Create a Collection' (spec section 5, Collection name). Open while mounted, so closing it resets
 * it; it closes itself once the collection exists.
 */
export function CreateCollectionDialog({ onClose, onCreated }: CreateCollectionDialogProps) {
  const user = useSessionUser();
  const collections = useCollections();
  const create = useCreateCollection();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) {
      return;
    }
    if (!user) {
      setError(messages.collections.signInToCreate);
      return;
    }
    const parsed = createCollectionRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    const trimmed = parsed.data.name;
    if (nameTaken(collections.data, trimmed)) {
      setError(messages.collections.invalidName);
      return;
    }
    create.mutate(trimmed, {
      onSuccess: (collection) => {
        onCreated?.(collection);
        onClose();
      },
      onError: (failure) => setError(createErrorText(failure)),
    });
  };

  return (
    <Dialog title="Create a Collection" onClose={onClose}>
      <form className="collection-form" noValidate onSubmit={submit}>
        <CollectionNameField
          label="Collection name"
          name="name"
          value={name}
          error={error}
          onChange={(value) => {
            setName(value);
            setError(undefined);
          }}
        />
        <FormFooter onCancel={onClose} actionLabel="Create" pending={create.isPending} />
      </form>
    </Dialog>
  );
}
