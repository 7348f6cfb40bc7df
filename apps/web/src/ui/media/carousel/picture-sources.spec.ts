import { describe, expect, it } from 'vitest';
import type { PostMediaItem } from '@datebook/contracts';
import { pictureSources } from './picture-sources';

const source = (width: number, type: 'image/webp' | 'image/jpeg'): PostMediaItem['sources'][number] => ({
  width,
  type,
  url: `https://media.example/a-${width}.${type === 'image/webp' ? 'webp' : 'jpg'}`,
});

describe('pictureSources', () => {
  it('puts the WebPs on a source and the JPEGs on the img, each narrowest first', () => {
    expect(
      pictureSources([
        source(1080, 'image/jpeg'),
        source(640, 'image/webp'),
        source(320, 'image/jpeg'),
        source(320, 'image/webp'),
        source(1080, 'image/webp'),
        source(640, 'image/jpeg'),
      ]),
    ).toEqual({
      sources: [
        {
          type: 'image/webp',
          srcSet:
            'https://media.example/a-320.webp 320w, https://media.example/a-640.webp 640w, https://media.example/a-1080.webp 1080w',
        },
      ],
      srcSet:
        'https://media.example/a-320.jpg 320w, https://media.example/a-640.jpg 640w, https://media.example/a-1080.jpg 1080w',
    });
  });

  it('gives a photo processed before WebP existed no source: its JPEGs show as before', () => {
    expect(pictureSources([source(320, 'image/jpeg'), source(1080, 'image/jpeg')])).toEqual({
      sources: [],
      srcSet: 'https://media.example/a-320.jpg 320w, https://media.example/a-1080.jpg 1080w',
    });
  });

  it('lists a width once when the source was narrower than the larger renditions', () => {
    const narrow = (size: number): PostMediaItem['sources'][number] => ({
      width: Math.min(size, 500),
      type: 'image/jpeg',
      url: `https://media.example/a-${size}.jpg`,
    });
    expect(pictureSources([narrow(320), narrow(640), narrow(1080)]).srcSet).toBe(
      'https://media.example/a-320.jpg 320w, https://media.example/a-640.jpg 500w',
    );
  });

  it('leaves the img its src alone when no rendition is listed', () => {
    expect(pictureSources([])).toEqual({ sources: [], srcSet: undefined });
  });
});
