import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@datebook/contracts';
import { errorResponse, jsonResponse, mockFetch, sentRequest } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

// The not-found page loads nothing, so the form's request is the only one the mock answers.
async function openNewsletterDialog() {
  const app = renderApp('/no-such-page');
  await app.user.click(await screen.findByRole('button', { name: 'Newsletter signup' }));
  const dialog = await screen.findByRole('dialog', { name: 'Newsletter signup' });
  const name = within(dialog).getByLabelText(/Name/);
  const email = within(dialog).getByLabelText('Email');
  return { ...app, dialog, name, email };
}

describe('newsletter dialog', () => {
  it('shows the field error, keeps the input and sends nothing when the email is invalid', async () => {
    const fetchMock = mockFetch();
    const { user, dialog, name, email } = await openNewsletterDialog();

    await user.type(name, 'Ada');
    await user.type(email, 'ada@');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    expect(await within(dialog).findByText(messages.forms.emailInvalid)).toBeTruthy();
    expect(email).toMatchObject({ value: 'ada@' });
    expect(name).toMatchObject({ value: 'Ada' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a field error as soon as the field is edited', async () => {
    mockFetch();
    const { user, dialog, email } = await openNewsletterDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(await within(dialog).findByText(messages.forms.newsletterEmailRequired)).toBeTruthy();
    await user.type(email, 'a');

    expect(within(dialog).queryByText(messages.forms.newsletterEmailRequired)).toBeNull();
  });

  it('keeps the dialog open with the input intact when the email is already signed up', async () => {
    mockFetch(errorResponse(409, 'CONFLICT', messages.forms.newsletterDuplicate));
    const { user, dialog, email } = await openNewsletterDialog();

    await user.type(email, 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      messages.forms.newsletterDuplicate,
    );
    expect(screen.getByRole('dialog', { name: 'Newsletter signup' })).toBe(dialog);
    expect(email).toMatchObject({ value: 'ada@example.com' });
  });

  it('thanks the user, closes and returns focus to the header button on success', async () => {
    const fetchMock = mockFetch(jsonResponse(201, { message: messages.forms.newsletterSuccess }));
    const { user, dialog, name, email } = await openNewsletterDialog();

    await user.type(name, 'Ada');
    await user.type(email, 'Ada@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText(messages.forms.newsletterSuccess)).toBeTruthy();
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      messages.forms.newsletterSuccess,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Newsletter signup' }));
    expect(sentRequest(fetchMock).body).toEqual({ name: 'Ada', email: 'Ada@Example.com' });
  });

  it('closes on Escape', async () => {
    const { user } = await openNewsletterDialog();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
