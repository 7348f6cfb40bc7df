import { messages } from '../messages';
import { activityPlaceSchema, postMediaTypesSchema } from './fields';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('post field rules', () => {
  it('asks a Site Specific activity for its address and clears it for any other type', () => {
    expect(
      firstMessage(activityPlaceSchema.safeParse({ locationType: 'Site Specific', location: ' ' })),
    ).toBe(messages.posts.siteSpecificLocationRequired);
    expect(activityPlaceSchema.parse({ locationType: 'Site Specific', location: ' 1 Main St ' })).toEqual({
      locationType: 'Site Specific',
      location: '1 Main St',
    });
    expect(activityPlaceSchema.parse({ locationType: 'Outdoor', location: '1 Main St' })).toEqual({
      locationType: 'Outdoor',
      location: null,
    });
  });

  it('refuses a post of videos alone as one without an image', () => {
    expect(firstMessage(postMediaTypesSchema.safeParse({ media: ['video'] }))).toBe(
      messages.posts.imageRequired,
    );
    expect(postMediaTypesSchema.safeParse({ media: ['video', 'photo'] }).success).toBe(true);
  });
});
