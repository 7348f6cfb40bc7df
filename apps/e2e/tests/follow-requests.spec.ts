import { followLabels, messages } from '@datebook/contracts';
import type { Page } from '@playwright/test';
import { asMember } from './support/api-members';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember } from './support/members';

/** The stranger's view of a private profile they may not see: names, the notice, the button. */
async function expectPrivate(page: Page, button: string) {
  await expect(page.getByText(messages.empty.privateUser)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Follow counts' })).toBeHidden();
  await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();
}

test.describe('follow requests', () => {
  test("a stranger asks, the private member approves from the list, and the stranger's page opens without a reload", async ({
    page: strangerPage,
    request,
    otherPage: ownerPage,
  }) => {
    const owner = await asMember(request, await registerMember(request, newMember('asked')));
    await owner.publishActivity('Secret sunset picnic');
    await owner.setPrivate(true);
    const stranger = await registerMember(request, newMember('asker'));

    // The private member watches their account: the count comes in live.
    await logIn(ownerPage, owner.member, '/account');
    await expect(ownerPage.getByRole('button', { name: `${followLabels.followRequests} 0` })).toBeVisible();

    await logIn(strangerPage, stranger, `/profile/${owner.member.username}`);
    await expectPrivate(strangerPage, followLabels.follow);
    await strangerPage.getByRole('button', { name: followLabels.follow, exact: true }).click();
    await expectPrivate(strangerPage, followLabels.requested);
    await expect(strangerPage.getByRole('button', { name: 'Secret sunset picnic' })).toBeHidden();

    // The request is stored: after a reload it still reads Requested, and still shows nothing.
    await strangerPage.reload();
    await expectPrivate(strangerPage, followLabels.requested);

    await ownerPage.getByRole('button', { name: `${followLabels.followRequests} 1` }).click();
    const requests = ownerPage.getByRole('dialog', { name: followLabels.followRequests });
    await expect(requests.getByRole('link', { name: new RegExp(`@${stranger.username}`) })).toBeVisible();
    await requests.getByRole('button', { name: `${followLabels.approve} @${stranger.username}` }).click();
    await expect(requests.getByText(followLabels.noRequests)).toBeVisible();
    await requests.getByRole('button', { name: 'Close' }).click();
    await expect(ownerPage.getByRole('button', { name: '1 follower' })).toBeVisible();

    // No reload: the approval arrives over the stranger's socket and opens the profile.
    await expect(strangerPage.getByRole('button', { name: 'Secret sunset picnic' })).toBeVisible();
    await expect(strangerPage.getByText(messages.empty.privateUser)).toBeHidden();
    await expect(
      strangerPage.getByRole('button', { name: followLabels.following, exact: true }),
    ).toBeVisible();
    await expect(strangerPage.getByRole('list', { name: 'Follow counts' }).getByRole('listitem')).toHaveText([
      '1 follower',
      '0 following',
    ]);
  });

  test('a declined stranger still sees nothing, and may ask again', async ({
    page: strangerPage,
    request,
    otherPage: ownerPage,
  }) => {
    const owner = await asMember(request, await registerMember(request, newMember('decliner')));
    await owner.publishActivity('Quiet museum morning');
    await owner.setPrivate(true);
    const stranger = await registerMember(request, newMember('declined'));

    await logIn(strangerPage, stranger, `/profile/${owner.member.username}`);
    await strangerPage.getByRole('button', { name: followLabels.follow, exact: true }).click();
    await expectPrivate(strangerPage, followLabels.requested);

    await logIn(ownerPage, owner.member, '/account');
    await ownerPage.getByRole('button', { name: `${followLabels.followRequests} 1` }).click();
    const requests = ownerPage.getByRole('dialog', { name: followLabels.followRequests });
    await requests.getByRole('button', { name: `${followLabels.decline} @${stranger.username}` }).click();
    await expect(requests.getByText(followLabels.noRequests)).toBeVisible();
    await requests.getByRole('button', { name: 'Close' }).click();
    await expect(ownerPage.getByRole('button', { name: '0 followers' })).toBeVisible();

    // The stranger is not told; their page, read again, shows nothing and offers Follow once more.
    await strangerPage.reload();
    await expectPrivate(strangerPage, followLabels.follow);
    await expect(strangerPage.getByRole('button', { name: 'Quiet museum morning' })).toBeHidden();
  });

  test(
    'the requests list fits a phone and answers from the keyboard',
    { tag: '@mobile' },
    async ({ page, request }) => {
      const owner = await asMember(request, await registerMember(request, newMember('phoneowner')));
      await owner.setPrivate(true);
      const asker = await asMember(
        request,
        await registerMember(request, newMember('a_rather_long_name_asker')),
      );
      await asker.follow(owner.member.username);

      await logIn(page, owner.member, '/account');
      const entry = page.getByRole('button', { name: `${followLabels.followRequests} 1` });
      await entry.focus();
      await page.keyboard.press('Enter');
      const requests = page.getByRole('dialog', { name: followLabels.followRequests });
      const approve = requests.getByRole('button', {
        name: `${followLabels.approve} @${asker.member.username}`,
      });
      const decline = requests.getByRole('button', {
        name: `${followLabels.decline} @${asker.member.username}`,
      });
      const viewport = page.viewportSize()!;
      for (const button of [
        approve,
        decline,
        requests.getByRole('button', { name: followLabels.approveAll }),
      ]) {
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }

      await decline.focus();
      await page.keyboard.press('Enter');
      await expect(requests.getByText(followLabels.noRequests)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(requests).toBeHidden();
      await expect(page.getByRole('button', { name: `${followLabels.followRequests} 0` })).toBeVisible();
    },
  );

  test('following a public member stays immediate', async ({ page, request }) => {
    const followed = await asMember(request, await registerMember(request, newMember('open')));
    await followed.publishActivity('Open air concert');
    const follower = await registerMember(request, newMember('quick'));
    await logIn(page, follower, `/profile/${followed.member.username}`);

    await page.getByRole('button', { name: followLabels.follow, exact: true }).click();

    await expect(page.getByRole('button', { name: followLabels.following, exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Follow counts' }).getByRole('listitem')).toHaveText([
      '1 follower',
      '0 following',
    ]);
    await expect(page.getByRole('button', { name: 'Open air concert' })).toBeVisible();
  });
});
