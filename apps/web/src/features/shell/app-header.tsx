import { Link } from 'react-router-dom';
import { webRoutes } from '@datebook/contracts';
import { APP_VERSION } from '@/lib/app-version';
import { PRODUCT_NAME } from '@/lib/product';
import { LogoMark } from '@/ui/icons/icons';
import { AccountNav } from './account-nav';
import { HeaderActions } from './header-actions';
import { PrimaryNav } from './primary-nav';

export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to={webRoutes.home} className="brand">
          <LogoMark size={30} />
          <span className="brand__name">{PRODUCT_NAME}</span>
        </Link>
        <span className="app-version" title="App version">
          v{APP_VERSION}
        </span>
        <PrimaryNav />
        <HeaderActions />
        <AccountNav />
      </div>
    </header>
  );
}
