import { expect, type APIRequestContext } from '@playwright/test';
import type { CategoryList, Session, UploadTicket } from '@datebook/contracts';
import type { Member } from './members';
import { pngImage } from './png';

/**
 * A member acting through the api rather than the screens: for tests that need others' posts and
 * follows in place before they look at something else.
 */
export interface ApiMember {
  member: Member;
  /** Publishes an activity with one small photo; answers its id. */
  /** Publishes an activity with one photo, in the category `categorySlug` (else the first that fits). */
  publishActivity(title: string, options?: { categorySlug?: string }): Promise<string>;
  follow(username: string): Promise<void>;
  /** Turns the profile private or public, as the Settings' 'Public profile' switch does. */
  setPrivate(isPrivate: boolean): Promise<void>;
}

export async function asMember(request: APIRequestContext, member: Member): Promise<ApiMember> {
  const signIn = await request.post('/api/auth/token', {
    data: { email: member.email, password: member.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { accessToken } = (await signIn.json()) as Session;
  const headers = { Authorization: `Bearer ${accessToken}` };

  const uploadPhoto = async (): Promise<string> => {
    const photo = pngImage(64, 64, () => [200, 120, 80, 255]);
    const ticketResponse = await request.post('/api/media/uploads', {
      headers,
      data: { kind: 'activity', fileName: 'photo.png', contentType: 'image/png', size: photo.length },
    });
    expect(ticketResponse.status(), await ticketResponse.text()).toBe(201);
    const ticket = (await ticketResponse.json()) as UploadTicket;
    const put = await request.put(ticket.uploadUrl, { headers: ticket.headers, data: photo });
    expect(put.status(), await put.text()).toBe(200);
    return ticket.uploadId;
  };

  return {
    member,
    async publishActivity(title, options) {
      const categories = (await (await request.get('/api/categories')).json()) as CategoryList;
      const category = categories.items.find(
        (item) =>
          item.appliesTo !== 'date' &&
          (options?.categorySlug === undefined || item.slug === options.categorySlug),
      );
      expect(category).toBeDefined();
      const created = await request.post('/api/activities', {
        headers,
        data: {
          title,
          description: `All about ${title}.`,
          categoryId: category!.id,
          budget: 'Free',
          timeRequired: 'Under 1 hour',
          media: [{ uploadId: await uploadPhoto(), position: 0 }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { id: string }).id;
    },
    async follow(username) {
      const response = await request.put(`/api/follows/${username}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    },
    async setPrivate(isPrivate) {
      const response = await request.put('/api/profiles/me/privacy', { headers, data: { isPrivate } });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}
