import { planLiveMessages } from '@datebook/contracts';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { UserAvatar } from '@/ui/media/user-avatar';
import type { PlanPresence } from '../hooks/use-plan-presence';

/** Who else has the plan open right now, and this member's choice to stay off that list. */
export function PresenceList({ presence }: { presence: PlanPresence }) {
  return (
    <div className="plan-presence">
      {presence.others.length > 0 && (
        <ul className="plan-presence__people" aria-label={planLiveMessages.peopleHere}>
          {presence.others.map((member) => (
            <li key={member.userId} className="plan-presence__person" title={member.name}>
              <UserAvatar username={member.name} src={member.avatarUrl} size="sm" />
              <span className="visually-hidden">{member.name}</span>
            </li>
          ))}
        </ul>
      )}
      <CheckboxField
        label={planLiveMessages.hidePresence}
        checked={presence.hidden}
        onChange={(event) => presence.setHidden(event.target.checked)}
      />
    </div>
  );
}
