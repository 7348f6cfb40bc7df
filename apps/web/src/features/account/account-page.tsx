import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages, webRoutes, type OwnProfile } from '@datebook/contracts';
import { followerLabel } from '@datebook/domain';
import {
  CountText,
  FollowCounts,
  followingLabel,
  ProfileDetails,
  ProfileSummary,
  useOwnProfile,
  type FollowDirection,
} from '@/features/profile';
import { useSignedInUser, useSession } from '@/features/session';
import { documentTitle } from '@/lib/product';
import { Button } from '@/ui/actions/button';
import { IconButton } from '@/ui/actions/icon-button';
import { LoadError } from '@/ui/feedback/load-error';
import { CameraIcon } from '@/ui/icons/action-icons';
import { UserAvatar } from '@/ui/media/user-avatar';
import { AvatarDialog } from './avatar/avatar-dialog';
import { EditProfileDialog } from './components/edit-profile-dialog';
import { FollowListDialog } from './components/follow-list-dialog';
import { FollowRequestsDialog } from './components/follow-requests-dialog';
import { FollowRequestsEntry } from './components/follow-requests-entry';
import { SettingsDialog } from './components/settings-dialog';
import { OwnPostsTabs } from '@/features/posts';
import { useAvatarProcessing } from './hooks/use-avatar-processing';
import './account.css';

type OpenDialog = 'avatar' | 'edit' | 'settings' | 'requests' | FollowDirection | null;

export function AccountPage() {
  const profile = useOwnProfile();
  return (
    <div className="account-page">
      <title>{documentTitle('My Account')}</title>
      {profile.isPending && (
        <p role="status" className="account-page__status">
          {messages.loading.profile}
        </p>
      )}
      {/* A failed refetch keeps the profile already known (offline, the one cached on the device). */}
      {profile.data === undefined ? (
        profile.isError && (
          <LoadError
            message={messages.collections.unableToLoadProfile}
            onRetry={() => void profile.refetch()}
          />
        )
      ) : (
        <OwnAccount profile={profile.data} />
      )}
    </div>
  );
}

function OwnAccount({ profile }: { profile: OwnProfile }) {
  const user = useSignedInUser();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [processingUpload, setProcessingUpload] = useState<string | null>(null);
  const avatar = useAvatarProcessing(
    processingUpload,
    useCallback(() => setProcessingUpload(null), []),
  );
  const close = () => setOpenDialog(null);
  // A public profile gets no new requests; the entry stays while any wait (sent before the switch).
  const showsRequests = profile.isPrivate || profile.followRequestCount > 0;
  const openRequests = () => setOpenDialog('requests');

  return (
    <>
      <ProfileSummary
        username={profile.username}
        displayName={profile.displayName}
        bio={profile.bio}
        avatar={
          <>
            <UserAvatar username={profile.username} src={profile.avatarUrl} size="lg" />
            <IconButton
              className="account-page__change-avatar"
              label="Change avatar"
              icon={<CameraIcon size={18} />}
              onClick={() => setOpenDialog('avatar')}
            />
          </>
        }
        counts={
          <FollowCounts
            followers={
              <button
                type="button"
                className="account-page__count"
                onClick={() => setOpenDialog('followers')}
              >
                <CountText text={followerLabel(profile.followerCount)} />
              </button>
            }
            following={
              <button
                type="button"
                className="account-page__count"
                onClick={() => setOpenDialog('following')}
              >
                <CountText text={followingLabel(profile.followingCount)} />
              </button>
            }
          />
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpenDialog('edit')}>
              Edit Profile
            </Button>
            <Button variant="secondary" onClick={() => setOpenDialog('settings')}>
              Settings
            </Button>
            <Button
              variant="ghost"
              onClick={() => void signOut().then(() => navigate(webRoutes.login, { replace: true }))}
            >
              Log Out
            </Button>
          </>
        }
      >
        {avatar.processing && (
          <p role="status" className="account-page__status">
            Processing your new photo…
          </p>
        )}
        {showsRequests && <FollowRequestsEntry count={profile.followRequestCount} onOpen={openRequests} />}
        <ProfileDetails
          location={profile.showLocation ? profile.location : null}
          tags={profile.showFrequentTags ? profile.frequentTags : null}
        />
      </ProfileSummary>

      <OwnPostsTabs />

      {openDialog === 'avatar' && (
        <AvatarDialog avatarUrl={profile.avatarUrl} onSaved={setProcessingUpload} onClose={close} />
      )}
      {openDialog === 'edit' && <EditProfileDialog profile={profile} onClose={close} />}
      {openDialog === 'settings' && <SettingsDialog profile={profile} email={user.email} onClose={close} />}
      {(openDialog === 'followers' || openDialog === 'following') && (
        <FollowListDialog
          username={profile.username}
          direction={openDialog}
          followRequests={{ count: profile.followRequestCount, shown: showsRequests, onOpen: openRequests }}
          onClose={close}
        />
      )}
      {openDialog === 'requests' && <FollowRequestsDialog onClose={close} />}
    </>
  );
}
