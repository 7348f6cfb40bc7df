import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { postCard } from '@/testing/post-fixtures';
import { CardActionsBar } from './card-actions-bar';

describe('CardActionsBar', () => {
  it('offers Save where the page can save, pressed when the post is saved', async () => {
    const onSave = vi.fn();
    const post = postCard({ isSaved: true });
    render(<CardActionsBar post={post} actions={{ onSave }} />);

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(post);
  });

  it('shows no Save where nothing can save', () => {
    render(<CardActionsBar post={postCard()} actions={{ onLike: vi.fn() }} />);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Like/ })).toHaveLength(1);
  });
});
