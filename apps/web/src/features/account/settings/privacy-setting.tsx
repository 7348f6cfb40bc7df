import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { setProfilePrivate } from '../api';
import { useSaveOwnProfile } from '../hooks/use-save-own-profile';
import { SettingSection } from './setting-section';

/** The 'Public profile' switch: on means not private (spec section 6). */
export function PrivacySetting({ isPrivate }: { isPrivate: boolean }) {
  const toast = useToast();
  const saveOwnProfile = useSaveOwnProfile();
  const change = useMutation({
    mutationFn: setProfilePrivate,
    onSuccess: saveOwnProfile,
    onError: (error) => toast.error(errorMessageOf(error, messages.errors.unexpected)),
  });
  // While the change is on its way the switch already shows where it is going.
  const shownPrivate = change.isPending ? change.variables : isPrivate;

  return (
    <SettingSection title="Privacy">
      <CheckboxField
        variant="switch"
        label="Public profile"
        hint="When off, only your followers see your posts, counts, location and tags."
        checked={!shownPrivate}
        disabled={change.isPending}
        onChange={(event) => change.mutate(!event.target.checked)}
      />
    </SettingSection>
  );
}
