import Nav from 'react-bootstrap/Nav';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { Brand } from '@/components/ui/brand';
import { BookIcon, DownloadIcon, GridIcon, HomeIcon, UserIcon } from '@/components/ui/icons';

const items = [
  { to: paths.dashboard.getHref(), label: 'Dashboard', icon: HomeIcon },
  { to: paths.courses.getHref(), label: 'Courses', icon: GridIcon },
  { to: paths.learn.getHref(), label: 'My Courses', icon: BookIcon },
  { to: paths.downloads.getHref(), label: 'Downloads', icon: DownloadIcon },
];

/** The main pages (Dashboard, Courses, My Courses…): a fixed column on large screens, a drawer below that. */
export function SideMenu({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const isAdmin = useMe().data?.roles.includes('admin') ?? false;
  return (
    <Offcanvas
      id="side-menu"
      show={isOpen}
      onHide={onClose}
      responsive="lg"
      className="side-menu"
      aria-label="Main menu"
    >
      <Offcanvas.Header closeButton closeLabel="Close menu">
        <Offcanvas.Title as="span"><Brand /></Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0 w-100">
        <Nav as="nav" className="flex-column w-100 p-3 gap-1" aria-label="Main">
          {items.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className="nav-link side-link" onClick={onClose}>
              <Icon className="me-2" />
              {label}
            </NavLink>
          ))}
          {isAdmin && (
            <NavLink to={paths.admin.getHref()} className="nav-link side-link" onClick={onClose}>
              <UserIcon className="me-2" />
              Admin
            </NavLink>
          )}
        </Nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
