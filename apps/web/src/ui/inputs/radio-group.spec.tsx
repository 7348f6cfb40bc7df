import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RadioGroup } from './radio-group';

function Privacy() {
  const [value, setValue] = useState<'private' | 'public'>('private');
  return (
    <>
      <RadioGroup
        legend="Recap privacy"
        options={[
          { value: 'private', label: 'Private (you and your collaborators)' },
          { value: 'public', label: 'Public', hint: 'Anyone can see it.' },
        ]}
        value={value}
        onChange={setValue}
      />
      <output>{value}</output>
    </>
  );
}

describe('the radio group', () => {
  it('is a named group of native radios, one checked', () => {
    render(<Privacy />);
    const group = screen.getByRole('group', { name: 'Recap privacy' });
    expect(group.tagName).toBe('FIELDSET');
    expect(screen.getByRole('radio', { name: 'Private (you and your collaborators)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('radio', { name: 'Public' })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'Public' }).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('takes a tap anywhere on an option’s row', async () => {
    const user = userEvent.setup();
    render(<Privacy />);
    await user.click(screen.getByText('Anyone can see it.'));
    expect(screen.getByRole('radio', { name: 'Public' })).toHaveProperty('checked', true);
    expect(screen.getByRole('status').textContent).toBe('public');
  });

  it('shares one name among its radios, so the browser moves the choice with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Privacy />);
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('radio', { name: 'Private (you and your collaborators)' }),
    );
    const names = screen.getAllByRole('radio').map((radio) => radio.getAttribute('name'));
    expect(new Set(names).size).toBe(1);
    expect(names[0]).toBeTruthy();
  });
});
