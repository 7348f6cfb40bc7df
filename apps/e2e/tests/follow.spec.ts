import { messages } from '@datebook/contracts';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember } from './support/members';

test.describe('following', () => {
  test('follows and unfollows another member; both see the counts change without a reload', async ({
    page,
    request,
    otherPage: followedPage,
  }) => {
    const follower = await registerMember(request, newMember('follower'));
    const followed = await registerMember(request, newMember('followed'));
    await logIn(page, follower, `/profile/${followed.username}`);

    // The followed member watches their own account in another browser.
    await logIn(followedPage, followed, '/account');
    await expect(followedPage.getByRole('button', { name: '0 followers' })).toBeVisible();

    const counts = page.getByRole('list', { name: 'Follow counts' }).getByRole('listitem');
    await expect(counts).toHaveText(['0 followers', '0 following']);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    await expect(counts).toHaveText(['1 follower', '0 following']);
    await expect(followedPage.getByRole('button', { name: '1 follower' })).toBeVisible();

    await page.reload();
    await expect(counts).toHaveText(['1 follower', '0 following']);
    await page.getByRole('button', { name: 'Following' }).click();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(counts).toHaveText(['0 followers', '0 following']);
    await expect(followedPage.getByRole('button', { name: '0 followers' })).toBeVisible();
  });

  test("lists whom one follows on one's account, with Unfollow", async ({ page, request }) => {
    const follower = await registerMember(request, newMember('lister'));
    const followed = await registerMember(request, newMember('listed'));
    await logIn(page, follower, `/profile/${followed.username}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();

    await page.goto('/account');
    await page.getByRole('button', { name: '0 followers' }).click();
    const followers = page.getByRole('dialog', { name: 'Followers' });
    await expect(followers.getByText(messages.empty.followers)).toBeVisible();
    await followers.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: '1 following' }).click();
    const following = page.getByRole('dialog', { name: 'Following' });
    await expect(following.getByRole('link', { name: new RegExp(`@${followed.username}`) })).toBeVisible();
    await following.getByRole('button', { name: `Unfollow @${followed.username}` }).click();
    await expect(following.getByText(messages.empty.following)).toBeVisible();
    await following.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: '0 following' })).toBeVisible();
  });

  test("a private profile shows 'This user is private.' to a member who does not follow it", async ({
    page,
    request,
    otherPage: visitorPage,
  }) => {
    const owner = await registerMember(request, newMember('private'));
    const visitor = await registerMember(request, newMember('visitor'));
    await logIn(page, owner, '/account');
    await page.getByRole('button', { name: 'Settings' }).click();
    const publicProfile = page
      .getByRole('dialog', { name: 'Settings' })
      .getByRole('switch', { name: 'Public profile' });
    await expect(publicProfile).toBeChecked();
    await publicProfile.click();
    await expect(publicProfile).not.toBeChecked();
    await expect(publicProfile).toBeEnabled();

    await logIn(visitorPage, visitor, `/profile/${owner.username}`);
    await expect(visitorPage.getByText(messages.empty.privateUser)).toBeVisible();
    await expect(visitorPage.getByRole('heading', { name: owner.username, level: 1 })).toBeVisible();
    await expect(visitorPage.getByRole('list', { name: 'Follow counts' })).toBeHidden();
    await expect(visitorPage.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();

    // Following a private member only asks (issue 23): nothing opens until they approve.
    await visitorPage.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(visitorPage.getByRole('button', { name: 'Requested', exact: true })).toBeVisible();
    await expect(visitorPage.getByText(messages.empty.privateUser)).toBeVisible();
    await expect(visitorPage.getByRole('list', { name: 'Follow counts' })).toBeHidden();
  });
});
