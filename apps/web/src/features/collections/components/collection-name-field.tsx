import { COLLECTION_LIMITS } from '@datebook/contracts';
import { TextField } from '@/ui/inputs/text-field';

interface CollectionNameFieldProps {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A collection's name as the create and edit dialogs take it: no longer than the api keeps, never autofilled. */
export function CollectionNameField({ label, name, value, error, onChange }: CollectionNameFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      autoComplete="off"
      maxLength={COLLECTION_LIMITS.name}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
