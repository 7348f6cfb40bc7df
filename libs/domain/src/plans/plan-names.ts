import { messages, type PlanEntry, type PlanPerson } from '@datebook/contracts';

/* What a plan's rows and people are called when their own names are missing (spec section 3). */

type Named = Pick<PlanEntry, 'isCustom' | 'customLocation' | 'customDetails' | 'linked'>;

/**
 * A custom row: the first line of its details, else its location, else 'Custom activity'. A linked
 * row: the activity's title, else 'Planned activity' (its activity may have been deleted since).
 */
export function entryTitle(entry: Named): string {
  if (entry.isCustom) {
    const firstLine = entry.customDetails?.trim().split(/\r?\n/, 1)[0]?.trim();
    return firstLine || entry.customLocation?.trim() || messages.plans.customActivity;
  }
  return entry.linked?.title?.trim() || messages.plans.plannedActivity;
}

export function entryLocation(entry: Named): string | null {
  return (entry.isCustom ? entry.customLocation : entry.linked?.location) ?? null;
}

export function entryImageUrl(entry: Named): string | null {
  return entry.isCustom ? null : (entry.linked?.imageUrl ?? null);
}

/** The first 12 characters of the first dash-separated segment of the id. */
export function fallbackUsername(userId: string): string {
  return (userId.split('-', 1)[0] ?? '').slice(0, 12);
}

interface Profile {
  id: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
}

/** Display name, else username, else 'Collaborator'. */
export function personName(profile: Pick<Profile, 'displayName' | 'username'>): string {
  return profile.displayName?.trim() || profile.username?.trim() || messages.plans.unnamedCollaborator;
}

/** A collaborator (or choice) as the plan screens show them. */
export function planPerson(profile: Profile): PlanPerson {
  return {
    id: profile.id,
    name: personName(profile),
    username: profile.username?.trim() || fallbackUsername(profile.id),
    avatarUrl: profile.avatarUrl,
  };
}
