import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@datebook/contracts';
import { errorResponse, jsonResponse, mockFetch, sentRequest } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';
import { hasAccessGrant } from './access-grant';

describe('access-code gate', () => {
  it('shows the api error for a wrong code and lets nobody in', async () => {
    const fetchMock = mockFetch(errorResponse(403, 'INVALID_ACCESS_CODE', messages.gate.invalidCode));
    const { user } = renderApp('/explore', { granted: false });

    await user.type(await screen.findByLabelText('Access code'), 'let-me-in');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await screen.findByText(messages.gate.invalidCode)).toBeTruthy();
    expect(sentRequest(fetchMock)).toMatchObject({ url: '/api/gate/check', body: { code: 'let-me-in' } });
    expect(screen.getByLabelText('Access code')).toMatchObject({ value: 'let-me-in' });
    expect(screen.queryByRole('heading', { name: 'Explore' })).toBeNull();
    expect(hasAccessGrant()).toBe(false);
  });

  it('asks for a code without calling the api when the field is empty', async () => {
    const fetchMock = mockFetch();
    const { user } = renderApp('/explore', { granted: false });

    await user.click(await screen.findByRole('button', { name: 'Enter' }));

    expect(await screen.findByText(messages.gate.codeRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the app on a valid code and remembers the grant', async () => {
    mockFetch(jsonResponse(200, { granted: true }));
    const { user } = renderApp('/explore', { granted: false });

    await user.type(await screen.findByLabelText('Access code'), 'datebook');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
    expect(hasAccessGrant()).toBe(true);
  });

  it('lets a remembered grant straight in', async () => {
    renderApp('/explore', { granted: true });
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
  });

  it('does not stand in front of shared plans', async () => {
    renderApp('/plan/shared/ada/12', { granted: false });
    expect(await screen.findByRole('heading', { name: 'Shared plan' })).toBeTruthy();
    expect(screen.queryByLabelText('Access code')).toBeNull();
  });

  it('offers to request early access', async () => {
    const { user } = renderApp('/', { granted: false });

    await user.click(await screen.findByRole('button', { name: 'Request early access' }));

    expect(await screen.findByRole('dialog', { name: 'Request early access' })).toBeTruthy();
  });
});
