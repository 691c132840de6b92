import { NavLink, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { AccountControl } from './auth/AccountControl';
import { preloadOnIntent } from './pageLoaders';

/** The black header: product name (a link home), navigation, language and account controls. */
export function Header() {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <Link to="/" className="brand">
        <img src="/logo.svg" alt="" width={28} height={28} />
        <span>Posecraft</span>
      </Link>
      <nav className="main-nav" aria-label={t('header.navigation')}>
        <NavLink to="/pose" {...preloadOnIntent('generate')}>
          {t('nav.generate')}
        </NavLink>
        <NavLink to="/edit" {...preloadOnIntent('editor')}>
          {t('nav.editor')}
        </NavLink>
      </nav>
      <div className="header-end">
        <LanguageSwitch />
        <AccountControl />
      </div>
    </header>
  );
}
