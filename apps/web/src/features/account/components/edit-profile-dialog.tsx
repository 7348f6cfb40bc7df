import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PROFILE_LIMITS, type OwnProfile } from '@datebook/contracts';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import { updateOwnProfile } from '../api';
import { useSaveOwnProfile } from '../hooks/use-save-own-profile';

const FIELDS = ['displayName', 'bio', 'location'] as const;

/** Edit Profile saves only the display name, bio, location and whether the location shows. */
export function EditProfileDialog({ profile, onClose }: { profile: OwnProfile; onClose: () => void }) {
  const toast = useToast();
  const saveOwnProfile = useSaveOwnProfile();
  const [showLocation, setShowLocation] = useState(profile.showLocation);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const { values, field } = useFieldValues(
    { displayName: profile.displayName ?? '', bio: profile.bio ?? '', location: profile.location ?? '' },
    errors,
  );
  const save = useMutation({
    mutationFn: () => updateOwnProfile({ ...values, showLocation }),
    onSuccess: (saved) => {
      saveOwnProfile(saved);
      toast.success('Profile saved.');
      onClose();
    },
    onError: errors.show,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) {
      errors.clear();
      save.mutate();
    }
  };

  return (
    <Dialog title="Edit Profile" onClose={onClose}>
      <form ref={formRef} className="account-form" noValidate onSubmit={submit}>
        <TextField
          label="Display name"
          optional
          autoComplete="name"
          maxLength={PROFILE_LIMITS.displayName}
          {...field('displayName')}
        />
        <TextAreaField label="Bio" optional maxLength={PROFILE_LIMITS.bio} {...field('bio')} />
        <TextField
          label="Location"
          optional
          autoComplete="address-level2"
          maxLength={PROFILE_LIMITS.location}
          {...field('location')}
        />
        <CheckboxField
          label="Show location on my profile"
          checked={showLocation}
          onChange={(event) => setShowLocation(event.target.checked)}
        />
        <FormFooter error={errors.formError} onCancel={onClose} actionLabel="Save" pending={save.isPending} />
      </form>
    </Dialog>
  );
}
