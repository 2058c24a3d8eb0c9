import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useLogout } from '@/lib/auth/logout';
import { mediaUrl } from '@/lib/media';
import { readName, readPhotoPath } from '@/lib/token-storage';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { AppHeader } from './app-header';
import { OfflineBanner } from './offline-banner';
import { SideMenu } from './side-menu';

interface AppShellProps {
  children: ReactNode;
  /** What logout deletes from this device before going to /login: app/ passes learning's forgetDownloads. */
  forgetDevice: () => Promise<void>;
}

/** The signed-in frame (docs/product/app-shell.md#shell): header, side menu and the page. */
export function AppShell({ children, forgetDevice }: AppShellProps) {
  const { t } = useTranslation('layout');
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const me = useMe();
  // Logout reloads the app on /login, so nothing of this session stays in memory, nor its saved chapters on the device.
  const logout = useLogout({
    onSettled: () => void forgetDevice().finally(() => window.location.assign(paths.login.getHref())),
  });

  const name = me.data ? `${me.data.first_name} ${me.data.last_name}` : (readName() ?? '');
  const photoUrl = mediaUrl(me.data ? me.data.profile_photo_path : readPhotoPath());

  return (
    <div className="app-shell">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('skipToContent')}
      </a>
      <AppHeader
        name={name}
        photoUrl={photoUrl}
        isMenuOpen={isMenuOpen}
        onOpenMenu={() => setIsMenuOpen(true)}
        onLogout={() => logout.mutate()}
      />
      <OfflineBanner />
      <div className="app-body">
        <SideMenu isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
        <main id="main" className="app-main">
          {children}
        </main>
      </div>
      {logout.isPending && <LoadingOverlay label={t('signingOut')} />}
    </div>
  );
}
