import { PlanScreen, type PlanSyncStatus } from './plan-screen';
import { OWNER_ID } from './testing/plan-sync-fixtures';

const status: PlanSyncStatus = {
  phase: 'ready',
  plan: null,
  role: 'owner',
  connection: 'reconnecting',
  pendingCount: 0,
  canUndo: false,
  changedWhileTyping: new Map(),
};

describe('PlanScreen', () => {
  it('gives the same snapshot until something changed, and tells its listeners', () => {
    let reads = 0;
    const screen = new PlanScreen(() => {
      reads += 1;
      return status;
    });
    const heard: string[] = [];
    const unsubscribe = screen.subscribe(() => heard.push('changed'));

    const first = screen.getSnapshot();
    expect(screen.getSnapshot()).toBe(first);
    expect(first).toMatchObject({ reconnecting: true, document: null, publishedDateId: null });
    expect(reads).toBe(1);

    screen.publishedDateId = '9';
    screen.changed();
    unsubscribe();
    screen.changed();

    expect(heard).toEqual(['changed']);
    expect(screen.getSnapshot()).not.toBe(first);
    expect(screen.getSnapshot().publishedDateId).toBe('9');
  });

  it('keeps the people it met, by id, the latest name winning', () => {
    const screen = new PlanScreen(() => status);
    screen.meet([{ id: OWNER_ID, name: 'ann', username: 'ann', avatarUrl: null }]);
    screen.meet([{ id: OWNER_ID, name: 'Ann', username: 'ann', avatarUrl: null }]);

    expect([...screen.getSnapshot().people.values()]).toEqual([
      { id: OWNER_ID, name: 'Ann', username: 'ann', avatarUrl: null },
    ]);
  });
});
