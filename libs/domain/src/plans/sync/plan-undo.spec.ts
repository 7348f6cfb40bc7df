import type { PlanOperation } from '@datebook/contracts';
import { planStateFromDocument } from '../plan-document';
import type { PlanState } from '../plan-state';
import type { PendingPlanOp } from './pending-queue';
import { PlanUndo } from './plan-undo';
import { planDocument } from './testing/plan-sync-fixtures';
import { stillHolds, undoableEdit } from './undo-history';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;
const titled = (value: string): PlanState => ({
  ...planStateFromDocument(planDocument({ version: 3 })),
  title: value,
});

/** Undo over a screen showing `shown`, recording what it submits and which edit each undoes. */
function undoShowing(shown: () => PlanState) {
  const submitted: PlanOperation[] = [];
  const undone: string[] = [];
  const undos = new PlanUndo({
    view: shown,
    submit: (inverse, opId) => {
      submitted.push(inverse);
      undone.push(opId);
      return Promise.resolve({ ok: true });
    },
    changed: () => undefined,
  });
  return { undos, submitted, undone };
}

function accepted(opId: string, before: string, after: string, undoable = true): PendingPlanOp {
  return {
    opId,
    op: title(after),
    baseVersion: 3,
    madeAt: '2025-03-05T09:00:00.000Z',
    state: 'acked',
    undoable,
    undo: undoableEdit(opId, title(before), titled(after)),
  };
}

describe('PlanUndo', () => {
  it('has nothing to undo before an own edit was accepted', async () => {
    const { undos } = undoShowing(() => titled('Picnic'));

    expect(undos.canUndo).toBe(false);
    await expect(undos.latest()).resolves.toEqual({ status: 'nothing' });
  });

  it('sends the inverse of the latest accepted edit while what it wrote is still shown', async () => {
    const { undos, submitted, undone } = undoShowing(() => titled('Lake day'));
    undos.record(accepted('op-1', 'Picnic', 'Lake day'));

    await expect(undos.latest()).resolves.toEqual({ status: 'undone' });
    expect(submitted).toEqual([title('Picnic')]);
    expect(undone).toEqual(['op-1']);
    expect(undos.canUndo).toBe(false);
  });

  it('skips an edit someone changed since, and never records an undo itself', async () => {
    const { undos, submitted } = undoShowing(() => titled('Beach'));
    undos.record(accepted('op-1', 'Picnic', 'Lake day'));
    undos.record(accepted('op-2', 'Lake day', 'Picnic', false));

    await expect(undos.op('op-1')).resolves.toEqual({ status: 'skipped' });
    expect(submitted).toEqual([]);
    expect(undos.canUndo).toBe(false);
  });

  it('undoes a zone change only while the plan is still in the zone it set', () => {
    const inTokyo = { ...titled('Picnic'), timeZone: 'Asia/Tokyo' };
    const edit = undoableEdit('op-1', { type: 'plan.update', field: 'timeZone', value: 'UTC' }, inTokyo);

    expect(stillHolds(edit, inTokyo)).toBe(true);
    expect(stillHolds(edit, { ...inTokyo, timeZone: 'Europe/Paris' })).toBe(false);
  });
});
