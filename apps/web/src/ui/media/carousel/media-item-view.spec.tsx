import { act, fireEvent, render, screen } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import type { PostMediaItem } from '@datebook/contracts';
import { CameraIcon } from '@/ui/icons/action-icons';
import { CategoryIcon } from '@/ui/icons/category-icon';
import { MediaItemView } from './media-item-view';
import { MediaCategory, PlaceholderPhoto } from './placeholder-photo';

/** The ThumbHash of a 20×30 solid red picture, base64 as the api sends it. */
function redPortraitThumbHash(): string {
  const rgba = new Uint8Array(20 * 30 * 4);
  for (let at = 0; at < rgba.length; at += 4) {
    rgba.set([220, 20, 20, 255], at);
  }
  return btoa(String.fromCharCode(...rgbaToThumbHash(20, 30, rgba)));
}

const photo = (overrides: Partial<PostMediaItem> = {}): PostMediaItem => ({
  id: '7',
  type: 'photo',
  status: 'ready',
  position: 0,
  url: 'https://media.example/picnic-1080.jpg',
  posterUrl: null,
  sources: [],
  placeholder: null,
  thumbhash: redPortraitThumbHash(),
  width: 600,
  height: 900,
  durationMs: null,
  message: null,
  ...overrides,
});

const frameOf = (image: HTMLElement) => image.closest('.media-item')!;
const previewOf = (image: HTMLElement) =>
  frameOf(image).querySelector<HTMLImageElement>('.media-item__preview');
const iconMarkup = (icon: React.ReactElement) => render(icon).container.innerHTML;

describe('MediaItemView', () => {
  it('reserves the photo’s own box and paints its ThumbHash before the image has loaded', () => {
    render(<MediaItemView item={photo()} label="Picnic, 1 of 1" />);
    const image = screen.getByRole('img', { name: 'Picnic, 1 of 1' });

    expect((frameOf(image) as HTMLElement).style.aspectRatio).toBe('600 / 900');
    expect(image.getAttribute('width')).toBe('600');
    expect(image.getAttribute('height')).toBe('900');
    // The decoded ThumbHash, a PNG made in the browser: nothing to download.
    expect(previewOf(image)?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(previewOf(image)?.getAttribute('alt')).toBe('');
    expect(frameOf(image).classList.contains('media-item--loaded')).toBe(false);
  });

  it('shows the photo once it has loaded and decoded', async () => {
    render(<MediaItemView item={photo()} label="Picnic" />);
    const image = screen.getByRole<HTMLImageElement>('img', { name: 'Picnic' });
    const decoded = Promise.resolve();
    image.decode = () => decoded;

    await act(async () => {
      fireEvent.load(image);
      await decoded;
    });

    expect(frameOf(image).classList.contains('media-item--loaded')).toBe(true);
  });

  it('starts the next item hidden again when a carousel reuses the view', async () => {
    const { rerender } = render(<MediaItemView item={photo()} label="Picnic" />);
    await act(async () => {
      fireEvent.load(screen.getByRole('img', { name: 'Picnic' }));
      await Promise.resolve();
    });
    rerender(<MediaItemView item={photo({ id: '8', url: 'https://media.example/2.jpg' })} label="Picnic" />);

    const next = screen.getByRole('img', { name: 'Picnic' });
    expect(next.getAttribute('src')).toBe('https://media.example/2.jpg');
    expect(frameOf(next).classList.contains('media-item--loaded')).toBe(false);
  });

  it('falls back to the tiny JPEG for media without a ThumbHash, and to the tint without either', () => {
    const { unmount } = render(
      <MediaItemView
        item={photo({ thumbhash: null, placeholder: 'data:image/jpeg;base64,AAAA' })}
        label="Picnic"
      />,
    );
    expect(previewOf(screen.getByRole('img', { name: 'Picnic' }))?.getAttribute('src')).toBe(
      'data:image/jpeg;base64,AAAA',
    );
    unmount();

    render(<MediaItemView item={photo({ thumbhash: null })} label="Picnic" />);
    expect(previewOf(screen.getByRole('img', { name: 'Picnic' }))).toBeNull();
  });

  it('paints a video’s poster over its ThumbHash in a card', () => {
    render(
      <MediaItemView
        item={photo({
          type: 'video',
          url: 'https://media.example/clip.mp4',
          posterUrl: 'https://media.example/poster.jpg',
          width: 1920,
          height: 1080,
        })}
        label="Clip"
      />,
    );
    const poster = screen.getByRole('img', { name: 'Clip' });
    expect(poster.getAttribute('src')).toBe('https://media.example/poster.jpg');
    expect(previewOf(poster)?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect((frameOf(poster) as HTMLElement).style.aspectRatio).toBe('1920 / 1080');
  });
});

describe('media stand-ins', () => {
  it('shows the post’s category icon on the placeholder photo, a camera without a category', () => {
    const { unmount } = render(
      <MediaCategory slug="outdoors">
        <PlaceholderPhoto />
      </MediaCategory>,
    );
    expect(screen.getByRole('img', { name: 'No photo' }).innerHTML).toBe(
      iconMarkup(<CategoryIcon slug="outdoors" size={32} />),
    );
    unmount();

    render(<PlaceholderPhoto />);
    expect(screen.getByRole('img', { name: 'No photo' }).innerHTML).toBe(
      iconMarkup(<CameraIcon size={32} />),
    );
  });

  it('shows the category icon with the words while processing and when failed', () => {
    render(
      <MediaCategory slug="music">
        <MediaItemView item={photo({ status: 'processing', url: null })} label="Gig, 1 of 2" />
        <MediaItemView
          item={photo({ id: '9', status: 'failed', url: null, message: 'This file is not a photo.' })}
          label="Gig, 2 of 2"
        />
      </MediaCategory>,
    );
    const icon = iconMarkup(<CategoryIcon slug="music" size={32} />);
    const processing = screen.getByRole('img', { name: 'Gig, 1 of 2: processing' });
    expect(processing.innerHTML).toContain(icon);
    expect(processing.textContent).toBe('Processing…');
    const failed = screen.getByRole('img', { name: 'Gig, 2 of 2: could not be used' });
    expect(failed.innerHTML).toContain(icon);
    expect(failed.textContent).toBe('This file is not a photo.');
  });
});
