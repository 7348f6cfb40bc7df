import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { messages, webRoutes, type PathParamName, type Profile, type webPaths } from '@datebook/contracts';
import { followerLabel } from '@datebook/domain';
import { ProfilePostsTabs } from '@/features/posts';
import { isApiError } from '@/lib/api-error';
import { documentTitle } from '@/lib/product';
import { ButtonLink } from '@/ui/actions/button-link';
import { LoadError } from '@/ui/feedback/load-error';
import { LockIcon } from '@/ui/icons/action-icons';
import { UserAvatar } from '@/ui/media/user-avatar';
import { BackButton } from './components/back-button';
import { CountText, FollowCounts, followingLabel } from './components/follow-counts';
import { FollowButton } from './components/follow-button';
import { ProfileDetails } from './components/profile-details';
import { ProfileSummary } from './components/profile-summary';
import { ShareProfileButton } from './components/share-profile-button';
import { useProfile } from './hooks/use-profile';
import './profile.css';

export function ProfilePage() {
  const { username = '' } = useParams<PathParamName<typeof webPaths.profile>>();
  const profile = useProfile(username);

  // Another member's admin profile answers like a missing name (the api never tells them apart).
  if (isApiError(profile.error) && profile.error.status === 404) {
    return <MemberNotFound username={username} />;
  }
  // A failed refetch keeps the profile already shown; only a profile never loaded says it failed.
  if (profile.isError && profile.data === undefined) {
    return (
      <ProfileFrame title="Profile">
        <h1 className="visually-hidden">Profile</h1>
        <LoadError message={messages.loads.failedProfile} onRetry={() => void profile.refetch()} />
      </ProfileFrame>
    );
  }
  if (profile.isPending) {
    return (
      <ProfileFrame title="Profile">
        <h1 className="visually-hidden">Profile</h1>
        <p role="status" className="profile-page__status">
          {messages.loading.generic}
        </p>
      </ProfileFrame>
    );
  }
  return <ProfileView profile={profile.data} />;
}

function ProfileView({ profile }: { profile: Profile }) {
  const name = profile.displayName || profile.username;
  return (
    <ProfileFrame title={name}>
      <ProfileSummary
        username={profile.username}
        displayName={profile.displayName}
        bio={profile.bio}
        avatar={<UserAvatar username={profile.username} src={profile.avatarUrl} size="lg" />}
        counts={
          profile.followerCount !== null &&
          profile.followingCount !== null && (
            <FollowCounts
              followers={<CountText text={followerLabel(profile.followerCount, 'lower')} />}
              following={<CountText text={followingLabel(profile.followingCount, 'lower')} />}
            />
          )
        }
        actions={
          <>
            {!profile.relationship.isSelf && <FollowButton profile={profile} />}
            <ShareProfileButton username={profile.username} name={name} />
          </>
        }
      >
        {profile.visible ? (
          <ProfileDetails location={profile.location} tags={profile.frequentTags} />
        ) : (
          <p className="profile-page__private">
            <LockIcon size={18} />
            {messages.empty.privateUser}
          </p>
        )}
      </ProfileSummary>
      {profile.visible && <ProfilePostsTabs username={profile.username} />}
    </ProfileFrame>
  );
}

/** Nobody goes by this username: a dead end that says so and points somewhere to go. */
function MemberNotFound({ username }: { username: string }) {
  return (
    <ProfileFrame title={messages.profiles.memberNotFound}>
      <div className="profile-page__missing">
        <h1 className="profile-page__missing-title">{messages.profiles.memberNotFound}</h1>
        <p className="profile-page__missing-username">@{username}</p>
        <p className="profile-page__missing-detail">{messages.profiles.memberNotFoundHint}</p>
        <ButtonLink to={webRoutes.explore}>Explore</ButtonLink>
      </div>
    </ProfileFrame>
  );
}

function ProfileFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="profile-page">
      <title>{documentTitle(title)}</title>
      <BackButton />
      {children}
    </div>
  );
}
