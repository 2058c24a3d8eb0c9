import Nav from 'react-bootstrap/Nav';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { Brand } from '@/components/ui/brand';
import { LegalLinks } from '@/components/layout/legal-links';
import { BookIcon, DownloadIcon, GridIcon, HomeIcon, ReceiptIcon, UserIcon } from '@/components/ui/icons';

const items = [
  { to: paths.dashboard.getHref(), label: 'menu.dashboard', icon: HomeIcon },
  { to: paths.courses.getHref(), label: 'menu.courses', icon: GridIcon },
  { to: paths.learn.getHref(), label: 'menu.myCourses', icon: BookIcon },
  { to: paths.downloads.getHref(), label: 'menu.downloads', icon: DownloadIcon },
  { to: paths.purchases.getHref(), label: 'menu.purchases', icon: ReceiptIcon },
] as const;

/** The main pages (Dashboard, Courses, My Courses…): a fixed column on large screens, a drawer below that. */
export function SideMenu({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const isAdmin = useMe().data?.roles.includes('admin') ?? false;
  return (
    <Offcanvas
      id="side-menu"
      show={isOpen}
      onHide={onClose}
      responsive="lg"
      className="side-menu"
      aria-label={t('menu.label')}
    >
      <Offcanvas.Header closeButton closeLabel={t('menu.close')}>
        <Offcanvas.Title as="span">
          <Brand />
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0 w-100 d-flex flex-column">
        <Nav as="nav" className="flex-column w-100 p-3 gap-1" aria-label={t('menu.nav')}>
          {items.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className="nav-link side-link" onClick={onClose}>
              <Icon className="me-2" />
              {t(label)}
            </NavLink>
          ))}
          {isAdmin && (
            <NavLink to={paths.admin.getHref()} className="nav-link side-link" onClick={onClose}>
              <UserIcon className="me-2" />
              {t('menu.admin')}
            </NavLink>
          )}
        </Nav>
        <LegalLinks className="px-3 pb-3 small" onClick={onClose} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
