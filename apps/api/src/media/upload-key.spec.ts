import { safeFileName, uploadKey } from './upload-key';

describe('upload keys', () => {
  it('follow {userId}/{kind}-media/{timestamp}-{filename}', () => {
    expect(uploadKey('u-1', 'avatar', 'me.png', new Date(1_763_800_000_123))).toBe(
      'u-1/avatar-media/1763800000123-me.png',
    );
  });

  it.each([
    ['holiday photo (1).JPG', 'holiday-photo-1.JPG'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\sam\\café.png', 'cafe.png'],
    ['.hidden', 'hidden'],
    ['???', 'file'],
    ['', 'file'],
  ])('reduce %j to %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('keep the end of a long name, extension included', () => {
    const name = safeFileName(`${'a'.repeat(300)}.webp`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('.webp')).toBe(true);
  });
});
