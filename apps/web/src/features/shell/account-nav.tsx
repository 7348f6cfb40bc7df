import { webRoutes } from '@datebook/contracts';
import { useSession } from '@/features/session';
import { ButtonLink } from '@/ui/actions/button-link';
import { AvatarMenu } from './avatar-menu';

/** The desktop top bar's account corner: the avatar menu for a member, Log In and Sign Up otherwise. */
export function AccountNav() {
  const session = useSession();
  return (
    <nav className="account-nav" aria-label="Account">
      {session.status === 'signed-in' ? (
        <AvatarMenu
          username={session.user.username}
          avatarUrl={session.user.avatarUrl}
          signOut={session.signOut}
        />
      ) : (
        <>
          <ButtonLink variant="ghost" to={webRoutes.login}>
            Log In
          </ButtonLink>
          <ButtonLink to={webRoutes.signup}>Sign Up</ButtonLink>
        </>
      )}
    </nav>
  );
}
