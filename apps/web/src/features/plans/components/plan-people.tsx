import { useState } from 'react';
import { messages, type PlanPerson } from '@datebook/contracts';
import { fallbackUsername, planActionsFor, type PlanState } from '@datebook/domain';
import { Button } from '@/ui/actions/button';
import { UserAvatar } from '@/ui/media/user-avatar';
import type { PlanSession } from '../hooks/use-plan';
import { InviteDialog } from './invite-dialog';

function personOf(people: ReadonlyMap<string, PlanPerson>, id: string): PlanPerson {
  return (
    people.get(id) ?? {
      id,
      name: messages.plans.unnamedCollaborator,
      username: fallbackUsername(id),
      avatarUrl: null,
    }
  );
}

/**
 * Who plans this date: the collaborators, with Remove for the owner, and the owner's Invite (spec
 * section 6: only the owner invites followed members and removes collaborators).
 */
export function PlanPeople({ plan, session }: { plan: PlanState; session: PlanSession }) {
  const [inviting, setInviting] = useState(false);
  const can = planActionsFor(session.role, plan.status, plan.locked);
  const collaborators = plan.collaboratorIds.map((id) => personOf(session.people, id));
  return (
    <section className="plan-section" aria-labelledby="plan-people">
      <div className="plan-section__header">
        <h2 id="plan-people">Collaborators</h2>
        {can.invite && (
          <Button variant="secondary" onClick={() => setInviting(true)}>
            {messages.plans.actions.invite}
          </Button>
        )}
      </div>
      {collaborators.length === 0 ? (
        <p className="plan-section__empty">No collaborators yet.</p>
      ) : (
        <ul className="plan-people" aria-label="Collaborators">
          {collaborators.map((person) => (
            <li key={person.id} className="plan-people__person">
              <UserAvatar username={person.username} src={person.avatarUrl} size="sm" />
              <span className="plan-people__name">{person.name}</span>
              <span className="plan-people__username">@{person.username}</span>
              {can.removeCollaborators && (
                <Button
                  variant="ghost"
                  aria-label={`Remove ${person.name}`}
                  onClick={() => void session.perform({ type: 'collaborator.remove', userId: person.id })}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {inviting && <InviteDialog planId={plan.id} session={session} onClose={() => setInviting(false)} />}
    </section>
  );
}
