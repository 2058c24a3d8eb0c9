import Button from 'react-bootstrap/Button';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Brand } from '@/components/ui/brand';
import { LogoutIcon, MenuIcon, UserIcon, WalletIcon } from '@/components/ui/icons';
import { LanguagePicker } from '@/components/ui/language-picker';
import { DeferredDropdown } from '@/components/ui/deferred-dropdown';

interface AppHeaderProps {
  name: string;
  photoUrl: string | null;
  isMenuOpen: boolean;
  onOpenMenu: () => void;
  onLogout: () => void;
}

/** The top bar: menu toggle (small screens), brand, wallet button and the profile dropdown. */
export function AppHeader({ name, photoUrl, isMenuOpen, onOpenMenu, onLogout }: AppHeaderProps) {
  const { t } = useTranslation('layout');
  return (
    // role="banner": Navbar would call a non-<nav> element 'navigation', a role <header> may not take.
    <Navbar as="header" role="banner" bg="white" className="app-header border-bottom px-3 sticky-top">
      <Button
        variant="link"
        className="d-lg-none text-body p-1 me-2"
        aria-label={t('header.openMenu')}
        aria-controls="side-menu"
        aria-expanded={isMenuOpen}
        onClick={onOpenMenu}
      >
        <MenuIcon width="1.5em" height="1.5em" />
      </Button>
      <Navbar.Brand as={Link} to={paths.home.getHref()} className="me-auto">
        <Brand />
      </Navbar.Brand>
      <div className="d-flex align-items-center gap-2">
        <LanguagePicker />
        <Link
          to={paths.wallet.getHref()}
          className="btn btn-outline-primary d-inline-flex align-items-center gap-2"
          aria-label={t('header.wallet')}
        >
          <WalletIcon />
          <span className="d-none d-sm-inline">{t('header.wallet')}</span>
        </Link>
        <DeferredDropdown
          toggleClassName="d-inline-flex align-items-center gap-2 profile-toggle"
          toggle={
            <>
              <img
                src={photoUrl ?? '/images/avatar.svg'}
                onError={(event) => {
                  event.currentTarget.src = '/images/avatar.svg';
                }}
                alt=""
                width={32}
                height={32}
                className="rounded-circle object-fit-cover"
              />
              <span className="d-none d-md-inline text-truncate profile-name">{name}</span>
              <span className="visually-hidden">{t('header.accountMenu')}</span>
            </>
          }
          entries={[
            {
              kind: 'link',
              key: 'profile',
              to: paths.profile.getHref(),
              content: (
                <>
                  <UserIcon className="me-2" />
                  {t('header.profile')}
                </>
              ),
            },
            { kind: 'divider', key: 'divider' },
            {
              kind: 'button',
              key: 'logout',
              onClick: onLogout,
              content: (
                <>
                  <LogoutIcon className="me-2" />
                  {t('header.logout')}
                </>
              ),
            },
          ]}
        />
      </div>
    </Navbar>
  );
}
