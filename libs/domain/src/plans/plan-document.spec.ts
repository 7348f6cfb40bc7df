import type { PlanDocument, PlanEntry } from '@datebook/contracts';
import { entryView, planStateFromDocument } from './plan-document';

const entry: PlanEntry = {
  ref: 'r1',
  activityId: '9',
  isCustom: false,
  customLocation: null,
  customDetails: null,
  beginsAt: '2025-03-08T18:00:00.000Z',
  endsAt: '2025-03-08T19:15:00.000Z',
  status: 'scheduled',
  deleted: false,
  linked: { title: 'Kayaking', location: 'River', imageUrl: 'k.jpg', budget: null },
};

describe('entryView', () => {
  it('is what the screens show of a row', () => {
    expect(entryView(entry)).toEqual({
      title: 'Kayaking',
      location: 'River',
      imageUrl: 'k.jpg',
      durationMinutes: 75,
    });
  });
});

describe('planStateFromDocument', () => {
  it('keeps what the rules need of a snapshot', () => {
    const { deleted: _, ...stored } = entry;
    const document: PlanDocument = {
      id: '42',
      ownerId: 'owner',
      owner: { id: 'owner', username: 'olive', displayName: null, avatarUrl: null },
      title: 'Saturday',
      date: '2025-03-08',
      timeZone: 'Europe/Paris',
      status: 'prepared',
      locked: true,
      version: 12,
      createdAt: '2025-03-01T00:00:00.000Z',
      updatedAt: '2025-03-02T00:00:00.000Z',
      publishedDateId: null,
      viewerRole: 'collaborator',
      collaborators: [{ id: 'sam', name: 'Sam', username: 'sam', avatarUrl: null }],
      activities: [{ ...stored, id: '100', ...entryView(entry) }],
    };
    expect(planStateFromDocument(document)).toEqual({
      id: '42',
      ownerId: 'owner',
      title: 'Saturday',
      date: '2025-03-08',
      timeZone: 'Europe/Paris',
      status: 'prepared',
      locked: true,
      version: 12,
      collaboratorIds: ['sam'],
      activities: [entry],
      deleted: false,
    });
  });
});
