import { normalizeInvitees } from './invitees';

describe('normalizeInvitees', () => {
  it('trims ids and drops blanks, repeats, the owner and people already on the plan', () => {
    expect(
      normalizeInvitees([' sam ', '', '   ', 'sam', 'owner', 'alex', 'kim', 'alex'], {
        ownerId: 'owner',
        collaboratorIds: ['kim'],
      }),
    ).toEqual(['sam', 'alex']);
  });
});
