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
  /**
   * Publishes an activity with `photos` square photos (one by default, 64 px, each its own colour),
   * in the category `categorySlug` (else the first that fits); answers its id.
   */
  publishActivity(
    title: string,
    options?: { categorySlug?: string; photos?: number; photoSize?: number },
  ): Promise<string>;
  follow(username: string): Promise<void>;
  /** Turns the profile private or public, as the Settings' 'Public profile' switch does. */
  setPrivate(isPrivate: boolean): Promise<void>;
  /** Saves an activity to Saved Posts, as its bookmark does. */
  saveActivity(id: string): Promise<void>;
}

export async function asMember(request: APIRequestContext, member: Member): Promise<ApiMember> {
  const signIn = await request.post('/api/auth/token', {
    data: { email: member.email, password: member.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { accessToken } = (await signIn.json()) as Session;
  const headers = { Authorization: `Bearer ${accessToken}` };

  const uploadPhoto = async (size: number, shade: number): Promise<string> => {
    const photo = pngImage(size, size, () => [200, 120, (80 + 60 * shade) % 256, 255]);
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
          media: await Promise.all(
            Array.from({ length: options?.photos ?? 1 }, async (_, position) => ({
              uploadId: await uploadPhoto(options?.photoSize ?? 64, position),
              position,
            })),
          ),
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
    async saveActivity(id) {
      const response = await request.put(`/api/saves/activity/${id}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}
