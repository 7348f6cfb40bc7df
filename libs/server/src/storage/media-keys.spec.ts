import { copiedRenditionKey, originalKey, renditionStem } from './media-keys';

describe('copiedRenditionKey', () => {
  const userId = '0b7c6d2e-4a59-4f7e-9d43-2f1c0e9a8b11';
  const stem = renditionStem(userId, 'date', originalKey(userId, 'date', 'photo.jpg'));

  it('keeps the rendition name and puts it under the target’s stem', () => {
    // A token may contain '-': only the part after the last one is the rendition's name.
    expect(copiedRenditionKey(stem, 'u1/activity-media/ab-cd_EFghIJklMNopQRstUV-1080.jpg')).toBe(
      `${stem}-1080.jpg`,
    );
    expect(copiedRenditionKey(stem, 'u1/activity-media/abcdEFghIJklMNopQRstUV-poster.jpg')).toBe(
      `${stem}-poster.jpg`,
    );
  });

  it('maps a legacy key, named by ids, the same way', () => {
    expect(copiedRenditionKey(stem, `${userId}/activity-media/42-640.jpg`)).toBe(`${stem}-640.jpg`);
  });
});
