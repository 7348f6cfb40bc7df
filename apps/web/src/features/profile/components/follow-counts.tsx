import type { ReactNode } from 'react';
import { abbreviateCount } from '@datebook/domain';

/** '12 following', '1.2K following': the companion of the domain's followerLabel. */
export function followingLabel(count: number, style: 'upper' | 'lower' = 'upper'): string {
  return `${abbreviateCount(count, style)} following`;
}

/** The number in bold, the word after it. */
export function CountText({ text }: { text: string }) {
  const space = text.indexOf(' ');
  return (
    <>
      <strong className="follow-counts__number">{text.slice(0, space)}</strong>
      {text.slice(space)}
    </>
  );
}

/** The two counts side by side; each is plain text, or a control the screen passes in. */
export function FollowCounts({ followers, following }: { followers: ReactNode; following: ReactNode }) {
  return (
    <ul className="follow-counts" aria-label="Follow counts">
      <li>{followers}</li>
      <li>{following}</li>
    </ul>
  );
}
