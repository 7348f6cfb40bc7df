import { useState, type KeyboardEvent } from 'react';
import { chipList } from '@datebook/contracts';
import { Field } from './field';
import { IconButton } from '@/ui/actions/icon-button';
import { CloseIcon } from '@/ui/icons/icons';
import './chip-input.css';

interface ChipInputProps {
  label: string;
  hint?: string;
  values: readonly string[];
  /** Tags are de-duplicated (ignoring case); equipment may repeat. */
  unique: boolean;
  /** False refuses the new chips (a limit): the typed text stays for the member to shorten. */
  onChange: (values: string[]) => boolean | void;
  error?: string | undefined;
}

/**
 * Chips typed one at a time (spec section 5): Enter or a comma adds what was typed, trimmed; empty
 * items are ignored and, for tags, duplicates too. Each chip has a button that removes it.
 */
export function ChipInput({ label, hint, values, unique, onChange, error }: ChipInputProps) {
  const [text, setText] = useState('');
  const add = (raw: string) => {
    if (onChange(chipList([...values, ...raw.split(',')], { unique })) !== false) {
      setText('');
    }
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <Field label={label} hint={hint ?? 'Press Enter or type a comma to add.'} error={error} optional>
      {(control) => (
        <div className="chip-input">
          {values.length > 0 && (
            <ul className="chip-input__chips" aria-label={label}>
              {values.map((value, index) => (
                <li key={`${value}-${index}`} className="chip-input__chip">
                  {value}
                  <IconButton
                    className="chip-input__remove"
                    label={`Remove ${value}`}
                    icon={<CloseIcon size={14} />}
                    onClick={() => onChange(values.filter((_, at) => at !== index))}
                  />
                </li>
              ))}
            </ul>
          )}
          <input
            className="field__control"
            {...control}
            value={text}
            onChange={(event) => {
              // A pasted "a, b" arrives at once: the comma still separates chips.
              if (event.target.value.includes(',')) {
                add(event.target.value);
              } else {
                setText(event.target.value);
              }
            }}
            onKeyDown={handleKeyDown}
            onBlur={() => text.trim() && add(text)}
          />
        </div>
      )}
    </Field>
  );
}
