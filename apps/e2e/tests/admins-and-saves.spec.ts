import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { webRoutes, type Session, type UploadTicket } from '@datebook/contracts';
import { asMember } from './support/api-members';
import { controlNetwork } from './support/live-network';
import { makeAdmin } from './support/make-admin';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';
import { pngImage } from './support/png';

/** A member's api calls with their token, for what a test needs in place before it looks. */
async function apiAs(request: APIRequestContext, member: Member) {
  const signIn = await request.post('/api/auth/token', {
    data: { email: member.email, password: member.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await signIn.json()) as Session).accessToken}` };
  const call = async (method: 'PUT' | 'POST', url: string, data?: unknown) => {
    const response = await request.fetch(url, { method, headers, data });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<{ id: string }>;
  };
  return {
    like: (post: string) => call('PUT', `/api/${post}/like`),
    comment: (post: string, body: string) => call('POST', `/api/${post}/comments`, { body }),
    createCollection: (name: string) => call('POST', '/api/collections', { name }),
    async publishDate(title: string) {
      const photo = pngImage(64, 64, () => [90, 140, 200, 255]);
      const ticket = (await call('POST', '/api/media/uploads', {
        kind: 'date',
        fileName: 'photo.png',
        contentType: 'image/png',
        size: photo.length,
      })) as unknown as UploadTicket;
      const put = await request.put(ticket.uploadUrl, { headers: ticket.headers, data: photo });
      expect(put.status(), await put.text()).toBe(200);
      const date = await call('POST', '/api/dates', {
        title,
        description: `All about ${title}.`,
        media: [{ uploadId: ticket.uploadId, position: 0 }],
      });
      return date.id;
    },
  };
}

const unique = () => randomBytes(4).toString('hex');

/** Every uncaught script error of the page, to be none at the end. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// Each sets up several members through sign-up and its confirmation mail first.
test.describe.configure({ timeout: 90_000 });

test.describe('admins are invisible in comments and likes (issue 24)', () => {
  test("an admin's like and comment are not shown nor counted to a member", async ({ page, request }) => {
    const errors = pageErrors(page);
    const author = await asMember(request, await registerMember(request, newMember('liked')));
    const activityId = await author.publishActivity(`Harbour walk ${unique()}`);
    const post = `activities/${activityId}`;
    const fan = await registerMember(request, newMember('fan'));
    const admin = await registerMember(request, newMember('admin'));
    makeAdmin(admin.username);
    const [fanApi, adminApi] = [await apiAs(request, fan), await apiAs(request, admin)];
    await fanApi.comment(post, 'Went there on Sunday');
    await adminApi.like(post);
    await adminApi.comment(post, 'Checked by an admin');

    await logIn(page, fan, webRoutes.activity(activityId));
    const comments = page.getByRole('region', { name: 'Comments (1)' });
    // The machine running the suite may be busy: the page gets time to load.
    await expect(comments.getByText('Went there on Sunday')).toBeVisible({ timeout: 30_000 });
    await expect(comments.getByText('Checked by an admin')).toHaveCount(0);
    await expect(comments.getByRole('link', { name: new RegExp(`@${admin.username}`) })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Like \d+ likes?$/ })).toContainText('0 likes');

    await page.getByRole('button', { name: /^Like \d+ likes?$/ }).click();
    await expect(page.getByRole('button', { name: /^Like \d+ likes?$/ })).toContainText('1 like');
    expect(errors).toEqual([]);
  });
});

test.describe('post pages with comments (issue 24, item 7)', () => {
  for (const kind of ['activity', 'date'] as const) {
    test(`a signed-in ${kind} page with comments raises no script error, also after the socket reconnects`, async ({
      page,
      request,
    }) => {
      const errors = pageErrors(page);
      const network = await controlNetwork(page.context());
      const authorMember = await registerMember(request, newMember('commented'));
      const author = await apiAs(request, authorMember);
      const id =
        kind === 'activity'
          ? await (await asMember(request, authorMember)).publishActivity(`Rooftop cinema ${unique()}`)
          : await author.publishDate(`Rooftop cinema ${unique()}`);
      const path = kind === 'activity' ? webRoutes.activity(id) : webRoutes.date(id);
      await author.comment(kind === 'activity' ? `activities/${id}` : `dates/${id}`, 'Bring a blanket');

      await logIn(page, authorMember, path);
      await expect(
        page.getByRole('region', { name: 'Comments (1)' }).getByText('Bring a blanket'),
      ).toBeVisible({ timeout: 30_000 });
      await network.offline();
      await network.online();
      // The socket comes back within socket.io's reconnection delay; its 'connect' re-reads the cache.
      await page.waitForTimeout(6_000);
      await expect(page.getByRole('region', { name: 'Comments (1)' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

test.describe('the add-to-collection dialog', () => {
  test('confirms where the post was saved, on a phone', { tag: '@mobile' }, async ({ page, request }) => {
    const author = await asMember(request, await registerMember(request, newMember('saveme')));
    const activityId = await author.publishActivity(`Picnic spot ${unique()}`);
    const saver = await registerMember(request, newMember('saver'));
    await (await apiAs(request, saver)).createCollection('Picnics');

    await logIn(page, saver, webRoutes.activity(activityId));
    await page.getByRole('button', { name: 'Add to collection' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Add to collection' });
    await dialog.getByLabel('Picnics').check();
    await expect(dialog.getByLabel('Saved')).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Saved to Picnics and Saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  });
});
