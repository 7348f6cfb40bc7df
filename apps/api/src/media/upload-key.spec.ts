import { safeFileName, uploadKey } from './upload-key';

describe('upload keys', () => {
  it('follow {userId}/{kind}-media/{128 random bits}/{filename}, a fresh token each time', () => {
    const first = uploadKey('u-1', 'avatar', 'me.png');
    expect(first).toMatch(/^u-1\/avatar-media\/[A-Za-z0-9_-]{22}\/me\.png$/);
    expect(uploadKey('u-1', 'avatar', 'me.png')).not.toBe(first);
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
