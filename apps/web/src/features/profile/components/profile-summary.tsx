import type { ReactNode } from 'react';
import '../profile.css';

interface ProfileSummaryProps {
  username: string;
  displayName: string | null;
  bio: string | null;
  /** The avatar, with whatever control the screen puts on it. */
  avatar: ReactNode;
  counts?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The top of a profile, own or another's: avatar, names, bio, counts and the screen's actions. */
export function ProfileSummary({
  username,
  displayName,
  bio,
  avatar,
  counts,
  actions,
  children,
}: ProfileSummaryProps) {
  return (
    <section className="profile-summary" aria-label="Profile">
      <div className="profile-summary__avatar">{avatar}</div>
      <div className="profile-summary__identity">
        <h1 className="profile-summary__name" tabIndex={-1}>
          {displayName || username}
        </h1>
        <p className="profile-summary__username">@{username}</p>
      </div>
      {bio && <p className="profile-summary__bio">{bio}</p>}
      {counts}
      {actions && <div className="profile-summary__actions">{actions}</div>}
      {children}
    </section>
  );
}
