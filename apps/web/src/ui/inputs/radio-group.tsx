import { useId } from 'react';
import './radio-group.css';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  hint?: string;
}

interface RadioGroupProps<V extends string> {
  legend: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
}

/**
 * One choice of a few, drawn in the app's style: each option a 44 px row that takes the tap anywhere
 * on it (its hint too, which is read as a description rather than as part of the name). The native
 * radios stay underneath, so arrow keys, the group's name and the checked state work as every
 * browser and screen reader expects.
 */
export function RadioGroup<V extends string>({ legend, options, value, onChange }: RadioGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="radio-group">
      <legend className="field__label">{legend}</legend>
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <label key={option.value} className="radio-group__option" htmlFor={id}>
            <input
              id={id}
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              className="radio-group__control"
              aria-labelledby={`${id}-label`}
              aria-describedby={option.hint ? `${id}-hint` : undefined}
              onChange={() => onChange(option.value)}
            />
            <span className="radio-group__text">
              <span id={`${id}-label`} className="radio-group__label">
                {option.label}
              </span>
              {option.hint && (
                <span id={`${id}-hint`} className="radio-group__hint">
                  {option.hint}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
