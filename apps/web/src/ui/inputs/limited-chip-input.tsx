import { useState } from 'react';
import { limitChips, type ChipField } from '@datebook/domain';
import { ChipInput } from './chip-input';

interface LimitedChipInputProps {
  label: string;
  field: ChipField;
  values: readonly string[];
  unique: boolean;
  onChange: (values: string[]) => void;
  error?: string | undefined;
}

/** Tags or equipment, refusing a chip past the api's limits as it is typed and saying why at the field. */
export function LimitedChipInput({ field, values, onChange, error, ...props }: LimitedChipInputProps) {
  const [problem, setProblem] = useState<string>();
  return (
    <ChipInput
      {...props}
      values={values}
      onChange={(next) => {
        const limited = limitChips(values, next, field);
        setProblem(limited.problem);
        if (limited.chips.length !== values.length) {
          onChange(limited.chips);
        }
        return limited.problem === undefined;
      }}
      error={problem ?? error}
    />
  );
}
