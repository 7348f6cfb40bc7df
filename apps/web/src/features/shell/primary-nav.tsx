import { NavLink } from 'react-router-dom';
import { webRoutes } from '@datebook/contracts';
import { useSessionUser } from '@/features/session';

/** The desktop top bar's links: Home and Saved are for members; Explore is for everyone. */
export function PrimaryNav() {
  const user = useSessionUser();
  return (
    <nav className="primary-nav" aria-label="Primary">
      <ul className="primary-nav__list">
        {user && (
          <li>
            <NavLink to={webRoutes.home} end className="primary-nav__link">
              Home
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to={webRoutes.explore} className="primary-nav__link">
            Explore
          </NavLink>
        </li>
        {user && (
          <li>
            <NavLink to={webRoutes.saved} className="primary-nav__link">
              Saved
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
