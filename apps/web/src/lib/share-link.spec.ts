import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share-link';

const link = {
  title: 'Ada on Datebook',
  text: 'See @ada on Datebook',
  url: 'https://datebook.app/profile/ada',
};

function stubNavigator(
  share?: (data: ShareData) => Promise<void>,
  writeText?: (text: string) => Promise<void>,
) {
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: writeText ? { writeText } : undefined });
}

describe('shareLink', () => {
  it("uses the device's share sheet when there is one", async () => {
    const share = vi.fn(() => Promise.resolve());
    stubNavigator(share);

    await expect(shareLink(link)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(link);
  });

  it('does nothing more when the user closes the share sheet', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator(() => Promise.reject(new DOMException('closed', 'AbortError')), writeText);

    await expect(shareLink(link)).resolves.toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet, or it refuses', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator(() => Promise.reject(new DOMException('no', 'NotAllowedError')), writeText);

    await expect(shareLink(link)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(link.url);
  });

  it('leaves the copying to the user when the clipboard is out of reach', async () => {
    stubNavigator(undefined, () => Promise.reject(new DOMException('no', 'NotAllowedError')));
    await expect(shareLink(link)).resolves.toBe('manual');

    stubNavigator();
    await expect(shareLink(link)).resolves.toBe('manual');
  });
});
