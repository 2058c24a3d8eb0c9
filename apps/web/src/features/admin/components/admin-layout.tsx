import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Navbar from 'react-bootstrap/Navbar';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth/logout';
import { Brand } from '@/components/ui/brand';
import { MenuIcon } from '@/components/ui/icons';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { AdminNav } from './admin-nav';
import './admin.css';

/** The operator console's frame: its own top bar (who is signed in, back to the learner app, logout) and section nav. */
export function AdminLayout({ email, children }: { email: string; children: ReactNode }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const logout = useLogout({ onSettled: () => window.location.assign(paths.login.getHref()) });
  return (
    <div className="app-shell admin-shell">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Navbar as="header" bg="white" className="app-header border-bottom px-3 sticky-top">
        <Button
          variant="link"
          className="d-lg-none text-body p-1 me-2"
          aria-label="Open menu"
          aria-controls="admin-nav"
          aria-expanded={isMenuOpen}
          onClick={() => setIsMenuOpen(true)}
        >
          <MenuIcon width="1.5em" height="1.5em" />
        </Button>
        <Navbar.Brand as={Link} to={paths.adminCourses.getHref()} className="me-auto d-flex align-items-center gap-2">
          <Brand />
          <Badge bg="dark" className="admin-badge">
            Admin
          </Badge>
        </Navbar.Brand>
        <div className="d-flex align-items-center gap-2 gap-md-3">
          <span className="d-none d-md-inline small text-body-secondary">{email}</span>
          {/* On small screens the learner app is linked from the menu drawer. */}
          <Link to={paths.dashboard.getHref()} className="btn btn-sm btn-outline-primary d-none d-sm-inline-block">
            Learner app
          </Link>
          <Button size="sm" variant="outline-secondary" disabled={logout.isPending} onClick={() => logout.mutate()}>
            Logout
          </Button>
        </div>
      </Navbar>
      <div className="app-body">
        <AdminNav isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
        <main id="main" className="app-main admin-main">
          {children}
        </main>
      </div>
      {logout.isPending && <LoadingOverlay label="Signing out…" />}
    </div>
  );
}
