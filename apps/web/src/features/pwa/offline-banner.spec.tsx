import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@datebook/contracts';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('is an empty live region while online, says so when the connection drops, and clears when back', () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    act(() => setOnline(false));
    expect(region.textContent).toBe(messages.connection.offline);

    act(() => setOnline(true));
    expect(region.textContent).toBe('');
  });
});
