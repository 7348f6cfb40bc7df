import type { PlanFocus, PlanPresenceMember } from '@datebook/contracts';
import { focusKey, type PlanPresence } from '../hooks/use-plan-presence';

/** 'Sam', 'Sam and Alex', 'Sam, Alex and Bo'. */
function namesOf(members: readonly PlanPresenceMember[]): string {
  const names = members.map((member) => member.name);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * 'Sam is editing the time' beside what someone else is typing in: a field of the plan, or any
 * field of one row (`field` omitted), so the member sees it before their own edit replaces theirs.
 */
export function EditingNote({
  presence,
  target,
}: {
  presence: PlanPresence;
  target: { ref: string; field?: undefined } | PlanFocus;
}) {
  const editing: { members: PlanPresenceMember[]; field: string }[] = [];
  if (target.field) {
    const members = presence.focusByTarget.get(focusKey(target));
    if (members?.length) {
      editing.push({ members: [...members], field: target.field });
    }
  } else {
    for (const member of presence.others) {
      if (member.focus?.ref === target.ref) {
        const same = editing.find((entry) => entry.field === member.focus?.field);
        if (same) {
          same.members.push(member);
        } else {
          editing.push({ members: [member], field: member.focus.field });
        }
      }
    }
  }
  if (editing.length === 0) {
    return null;
  }
  return (
    <>
      {editing.map(({ members, field }) => (
        <p key={field} className="plan-editing">
          {`${namesOf(members)} ${members.length === 1 ? 'is' : 'are'} editing the ${field}`}
        </p>
      ))}
    </>
  );
}
