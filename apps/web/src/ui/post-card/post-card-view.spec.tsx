import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { PostCard, PostMediaItem } from '@datebook/contracts';
import { postCard, readyPhoto } from '@/testing/post-fixtures';
import { PostCardView } from './post-card-view';
import type { CardSize } from './post-card-types';

const ready = readyPhoto;
const withMedia = (...media: PostMediaItem[]) => postCard({ media });
const renderCard = (post: PostCard, size: CardSize = 'full') =>
  render(
    <MemoryRouter>
      <PostCardView post={post} size={size} readOnly />
    </MemoryRouter>,
  );

// What stands in for a photo on a card in each case the read models can send (spec section 2).
describe('PostCardView media stand-ins', () => {
  it.each<CardSize>(['full', 'compact'])('shows the placeholder photo for an empty list (%s)', (size) => {
    renderCard(withMedia(), size);
    expect(screen.getByRole('img', { name: 'No photo' })).toBeDefined();
  });

  it('says a photo is still processing, over its tint, without an image', () => {
    const { container } = renderCard(withMedia({ ...ready, status: 'processing', url: null }));
    expect(screen.getByRole('img', { name: 'Sunset picnic, 1 of 1: processing' })).toBeDefined();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows its owner why a photo failed (others are never sent it: the list is empty)', () => {
    const { container } = renderCard(
      withMedia({ ...ready, status: 'failed', url: null, message: 'This file is not a photo.' }),
    );
    expect(screen.getByRole('img', { name: 'Sunset picnic, 1 of 1: could not be used' })).toBeDefined();
    expect(screen.getByText('This file is not a photo.')).toBeDefined();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the placeholder photo for a ready photo whose file is gone', () => {
    renderCard(withMedia({ ...ready, url: null }));
    expect(screen.getByRole('img', { name: 'No photo' })).toBeDefined();
  });

  it.each<CardSize>(['full', 'compact'])(
    'shows the placeholder photo, not a broken image, when the photo fails to load (%s)',
    (size) => {
      const { container } = renderCard(withMedia(ready), size);
      const image = container.querySelector('img');
      expect(image).not.toBeNull();
      fireEvent.error(image!);
      expect(screen.getByRole('img', { name: 'No photo' })).toBeDefined();
      expect(container.querySelector('img')).toBeNull();
    },
  );

  it('shows the next photo after one that failed to load', () => {
    const { container } = renderCard(
      withMedia(ready, { ...ready, id: '12', position: 1, url: 'https://media.example/b.jpg' }),
    );
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'No photo' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('img', { name: 'Sunset picnic, 2 of 2' })).toHaveProperty(
      'src',
      'https://media.example/b.jpg',
    );
  });
});

// The photo sits above the title's stretched link so a swipe reaches the carousel.
describe('PostCardView photo', () => {
  it('opens the post when its photo is clicked, as the title does', () => {
    const onOpen = vi.fn();
    const post = withMedia(ready, { ...ready, id: '12', position: 1 });
    render(
      <MemoryRouter>
        <PostCardView post={post} size="full" readOnly onOpen={onOpen} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('img', { name: 'Sunset picnic, 1 of 2' }));
    expect(onOpen).toHaveBeenCalledWith(post);
    onOpen.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('leaves the photo inert when the post cannot be opened', () => {
    const onOpen = vi.fn();
    render(
      <MemoryRouter>
        <PostCardView post={withMedia(ready)} size="full" readOnly onOpen={onOpen} openable={false} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('img', { name: 'Sunset picnic, 1 of 1' }));
    expect(onOpen).not.toHaveBeenCalled();
  });
});
