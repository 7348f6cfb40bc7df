import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PostMediaItem } from '@datebook/contracts';
import { Carousel } from './carousel';

const photo = (id: string, position: number): PostMediaItem => ({
  id,
  type: 'photo',
  status: 'ready',
  position,
  url: `https://cdn.example/${id}.jpg`,
  posterUrl: null,
  sources: [],
  placeholder: null,
  thumbhash: null,
  width: 10,
  height: 10,
  durationMs: null,
  message: null,
});

const shown = () => screen.getByRole('img').getAttribute('alt');

describe('Carousel', () => {
  it('moves by arrows and dots, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(<Carousel items={[photo('b', 1), photo('a', 0), photo('c', 2)]} title="Picnic" shape="square" />);
    expect(shown()).toBe('Picnic, 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toBe('Picnic, 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toBe('Picnic, 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Show 2 of 3' }));
    expect(screen.getByRole('img')).toHaveProperty('src', 'https://cdn.example/b.jpg');
  });

  it('lays every slide on one track and keeps those out of view inert, so only the shown one is announced', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const { container } = render(
      <Carousel
        items={[photo('a', 0), photo('b', 1), photo('c', 2)]}
        title="Picnic"
        shape="square"
        onOpen={onOpen}
      />,
    );
    const slides = container.querySelectorAll('.carousel__track > .carousel__slide');
    expect(slides).toHaveLength(3);
    expect(Array.from(slides, (slide) => slide.hasAttribute('inert'))).toEqual([false, true, true]);
    expect(screen.getAllByRole('button', { name: /View full size/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(Array.from(slides, (slide) => slide.hasAttribute('inert'))).toEqual([true, false, true]);
    expect(screen.getByRole('button', { name: 'Show 2 of 3' }).getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: /View full size/ }));
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('goes back to the first item when the list shrinks', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <Carousel items={[photo('a', 0), photo('b', 1), photo('c', 2)]} title="Picnic" shape="square" />,
    );
    await user.click(screen.getByRole('button', { name: 'Show 3 of 3' }));
    rerender(<Carousel items={[photo('a', 0), photo('b', 1)]} title="Picnic" shape="square" />);
    expect(shown()).toBe('Picnic, 1 of 2');
  });

  it('shows no controls for a single item, and says when it is still processing', () => {
    render(
      <Carousel
        items={[{ ...photo('a', 0), status: 'processing', url: null }]}
        title="Picnic"
        shape="square"
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('img', { name: 'Picnic, 1 of 1: processing' })).toBeDefined();
  });

  it('shows the placeholder photo for an empty list', () => {
    render(<Carousel items={[]} title="Picnic" shape="square" />);
    expect(screen.getByRole('img', { name: 'No photo' })).toBeDefined();
  });

  it('starts at the item asked for and follows the arrow keys while focus is inside', async () => {
    const user = userEvent.setup();
    render(
      <Carousel
        items={[photo('a', 0), photo('b', 1), photo('c', 2)]}
        title="Picnic"
        shape="square"
        startAt={2}
      />,
    );
    expect(shown()).toBe('Picnic, 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Show 2 of 3' }));
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('Picnic, 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('Picnic, 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('Picnic, 1 of 3');
  });

  it("fetches a page's largest paint at once and first: the slide shown, not the others", () => {
    render(<Carousel items={[photo('a', 0), photo('b', 1)]} title="Picnic" shape="square" priority />);
    const [shown, other] = screen.getAllByRole('img', { hidden: true });
    expect([shown!.getAttribute('loading'), shown!.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([other!.getAttribute('loading'), other!.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });

  it('offers every rendition of a photo, WebP first, so a small slide loads a small one', () => {
    const sources = [
      { width: 320, type: 'image/webp' as const, url: 'https://cdn.example/a-320.webp' },
      { width: 1080, type: 'image/webp' as const, url: 'https://cdn.example/a-1080.webp' },
      { width: 320, type: 'image/jpeg' as const, url: 'https://cdn.example/a-320.jpg' },
      { width: 1080, type: 'image/jpeg' as const, url: 'https://cdn.example/a-1080.jpg' },
    ];
    render(
      <Carousel
        items={[{ ...photo('a', 0), sources, placeholder: 'data:image/jpeg;base64,AAAA' }]}
        title="Picnic"
        shape="square"
        sizes="96px"
      />,
    );
    const image = screen.getByRole('img');
    expect(image.getAttribute('srcset')).toBe(
      'https://cdn.example/a-320.jpg 320w, https://cdn.example/a-1080.jpg 1080w',
    );
    expect(image.getAttribute('sizes')).toBe('96px');
    const webp = image.parentElement!.querySelector('source');
    expect(image.parentElement!.tagName).toBe('PICTURE');
    expect([webp?.getAttribute('type'), webp?.getAttribute('srcset'), webp?.getAttribute('sizes')]).toEqual([
      'image/webp',
      'https://cdn.example/a-320.webp 320w, https://cdn.example/a-1080.webp 1080w',
      '96px',
    ]);
    // Not the page's largest paint: it waits until it nears the viewport.
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('fetchpriority')).toBeNull();
    // Without a ThumbHash the tiny JPEG is the preview painted under the photo while it loads.
    expect(image.closest('.media-item')?.querySelector('.media-item__preview')?.getAttribute('src')).toBe(
      'data:image/jpeg;base64,AAAA',
    );
  });
});
