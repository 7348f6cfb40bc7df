import { useRef, useState, type FormEvent } from 'react';
import { messages, planPublishSchema } from '@datebook/contracts';
import { newOpId, type PlanState } from '@datebook/domain';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { FilePicker } from '@/ui/inputs/file-picker';
import { RadioGroup, type RadioOption } from '@/ui/inputs/radio-group';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { TextField } from '@/ui/inputs/text-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import type { PlanSession } from '../hooks/use-plan';
import type { PlanRow } from '../plan-format';
import { recapPhotoProblem, uploadRecapPhoto } from '../upload-recap-photo';

const PRIVACY_OPTIONS: readonly RadioOption<'private' | 'public'>[] = [
  { value: 'private', label: 'Private (you and your collaborators)' },
  { value: 'public', label: 'Public' },
];

type FieldErrors = Partial<Record<'title' | 'description' | 'dateOf' | 'photos', string>>;

/**
 * Date Completed (spec sections 2 and 4): the recap the completed plan publishes — title,
 * description, photos from the plan's activities and/or new ones, the day, and its privacy
 * (private by default: the owner and the collaborators). It is sent once: the button is busy while
 * it goes, and a retry reuses this dialog's op id and the photos already uploaded, so the server
 * makes one Date whatever happens.
 */
export function PublishDialog({
  plan,
  rows,
  session,
  onClose,
  onPublished,
}: {
  plan: PlanState;
  rows: readonly PlanRow[];
  session: PlanSession;
  onClose: () => void;
  onPublished: () => void;
}) {
  const withPhotos = rows.filter((row) => row.imageUrl !== null);
  const opId = useRef(newOpId());
  const uploaded = useRef(new Map<File, string>());
  const [title, setTitle] = useState(plan.title);
  const [description, setDescription] = useState('');
  const [dateOf, setDateOf] = useState(plan.date ?? '');
  const [refs, setRefs] = useState<string[]>(() => withPhotos.map((row) => row.ref));
  const [files, setFiles] = useState<File[]>([]);
  const [isPublic, setIsPublic] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) {
      return;
    }
    // Checked with a stand-in for each new photo: they are uploaded only once the rest is valid.
    const checked = planPublishSchema.safeParse({
      title,
      description,
      dateOf: dateOf || null,
      visibilityPublic: isPublic,
      photos: { fromActivityRefs: refs, uploadIds: files.length > 0 ? [opId.current] : [] },
    });
    const fieldErrors: FieldErrors = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = String(issue.path[0] === 'photos' ? 'photos' : issue.path[0]) as keyof FieldErrors;
      fieldErrors[field] ??= issue.message;
    }
    const photoProblem = files.map(recapPhotoProblem).find(Boolean);
    if (photoProblem) {
      fieldErrors.photos = photoProblem;
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      const uploadIds: string[] = [];
      for (const file of files) {
        const known = uploaded.current.get(file);
        const id = known ?? (await uploadRecapPhoto(file));
        uploaded.current.set(file, id);
        uploadIds.push(id);
      }
      const result = await session.perform(
        {
          type: 'status.change',
          to: 'completed',
          publish: {
            title,
            description,
            dateOf: dateOf || null,
            visibilityPublic: isPublic,
            photos: { fromActivityRefs: refs, uploadIds },
          },
        },
        { opId: opId.current, quiet: true },
      );
      if (result.ok) {
        onPublished();
      } else {
        setFailure(result.alert);
      }
    } catch (error) {
      setFailure(messages.plans.alerts.publish + (error instanceof Error ? error.message : ''));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      title={messages.plans.actions.dateCompleted}
      description="Publish a recap of your date."
      onClose={onClose}
    >
      <form className="plan-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Title"
          value={title}
          maxLength={80}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextAreaField
          label="Description"
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <TextField
          label="Date"
          type="date"
          optional
          value={dateOf}
          error={errors.dateOf}
          onChange={(event) => setDateOf(event.target.value)}
        />
        <fieldset className="plan-dialog__choices">
          <legend className="field__label">Photos</legend>
          {withPhotos.map((row) => (
            <CheckboxField
              key={row.ref}
              label={`Photo of ${row.title}`}
              checked={refs.includes(row.ref)}
              onChange={(event) =>
                setRefs((current) =>
                  event.target.checked ? [...current, row.ref] : current.filter((ref) => ref !== row.ref),
                )
              }
            />
          ))}
          <FilePicker
            label="Add photos"
            accept="image/*"
            multiple
            files={files}
            onChange={setFiles}
            error={errors.photos}
          />
        </fieldset>
        <RadioGroup
          legend="Recap privacy"
          options={PRIVACY_OPTIONS}
          value={isPublic ? 'public' : 'private'}
          onChange={(choice) => setIsPublic(choice === 'public')}
        />
        <FormFooter
          error={failure}
          onCancel={onClose}
          actionLabel="Publish Date"
          pending={sending}
          disabled={sending}
        />
      </form>
    </Dialog>
  );
}
