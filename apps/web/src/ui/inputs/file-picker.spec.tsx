import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilePicker } from './file-picker';

function Recap({ error }: { error?: string }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FilePicker
      label="Add photos"
      accept="image/*"
      multiple
      files={files}
      onChange={setFiles}
      error={error}
    />
  );
}

const photo = (name: string) => new File(['x'], name, { type: 'image/png' });

beforeEach(() => {
  let made = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(made += 1)}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the file picker', () => {
  it('opens the browser’s picker from a real button, reachable by keyboard', async () => {
    const user = userEvent.setup();
    render(<Recap />);
    const input = screen.getByLabelText<HTMLInputElement>('Add photos');
    const opened = vi.fn();
    input.addEventListener('click', opened);

    await user.tab();
    const button = screen.getByRole('button', { name: 'Add photos' });
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(input.hidden).toBe(true);
  });

  it('lists the chosen files with a preview and name, adds more, and takes one out', async () => {
    const user = userEvent.setup();
    render(<Recap />);
    const input = screen.getByLabelText<HTMLInputElement>('Add photos');
    await user.upload(input, [photo('beach.png'), photo('dinner.png')]);
    await user.upload(input, photo('stars.png'));

    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['beach.png', 'dinner.png', 'stars.png']);
    expect(list.querySelectorAll('img[src^="blob:preview-"]')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add photos' }).getAttribute('aria-describedby')).toBe(list.id);

    await user.click(screen.getByRole('button', { name: 'Remove dinner.png' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['beach.png', 'stars.png']);
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it('says what is wrong with the files under the button', () => {
    render(<Recap error="That file is too large." />);
    const message = screen.getByText('That file is too large.');
    expect(screen.getByRole('button', { name: 'Add photos' }).getAttribute('aria-describedby')).toBe(
      message.id,
    );
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [] } });
    expect(screen.queryByRole('list')).toBeNull();
  });
});
