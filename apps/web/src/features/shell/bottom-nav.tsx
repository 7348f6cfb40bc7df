import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { webRoutes } from '@datebook/contracts';
import { useSessionUser } from '@/features/session';
import { classNames } from '@/lib/class-names';
import { BookmarkIcon, CompassIcon, HomeIcon, LogInIcon, PlusIcon, UserIcon } from '@/ui/icons/icons';

interface BottomNavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Create stands out: it is the one action, among places. */
  highlighted?: boolean;
}

const MEMBER_ITEMS: BottomNavItem[] = [
  { to: webRoutes.home, label: 'Home', icon: <HomeIcon /> },
  { to: webRoutes.explore, label: 'Explore', icon: <CompassIcon /> },
  { to: webRoutes.create, label: 'Create', icon: <PlusIcon />, highlighted: true },
  { to: webRoutes.saved, label: 'Saved', icon: <BookmarkIcon /> },
  { to: webRoutes.account, label: 'You', icon: <UserIcon /> },
];

const VISITOR_ITEMS: BottomNavItem[] = [
  { to: webRoutes.explore, label: 'Explore', icon: <CompassIcon /> },
  { to: webRoutes.login, label: 'Log In', icon: <LogInIcon /> },
];

/** The mobile bottom bar. */
export function BottomNav() {
  const user = useSessionUser();
  return (
    <nav className="bottom-nav" aria-label="Bottom navigation">
      <ul className="bottom-nav__list">
        {(user ? MEMBER_ITEMS : VISITOR_ITEMS).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === webRoutes.home}
              className={classNames('bottom-nav__link', item.highlighted && 'bottom-nav__link--highlighted')}
            >
              <span className="bottom-nav__icon">{item.icon}</span>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
