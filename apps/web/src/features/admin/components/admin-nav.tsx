import Nav from 'react-bootstrap/Nav';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { Brand } from '@/components/ui/brand';

const groups = [
  {
    title: 'Catalogue',
    items: [
      { to: paths.adminCourses.getHref(), label: 'Courses' },
      { to: paths.adminCategories.getHref(), label: 'Categories' },
      { to: paths.adminSchool.getHref(), label: 'Syllabuses & Batches' },
      { to: paths.adminAds.getHref(), label: 'Ads' },
    ],
  },
  {
    title: 'Money',
    items: [
      { to: paths.adminOfferCodes.getHref(), label: 'Offer codes' },
      { to: paths.adminPurchases.getHref(), label: 'Purchases' },
      { to: paths.adminWithdrawals.getHref(), label: 'Withdrawals' },
      { to: paths.adminReports.getHref(), label: 'Reports' },
    ],
  },
  {
    title: 'People',
    items: [
      { to: paths.adminUsers.getHref(), label: 'Users' },
      { to: paths.adminHeldReferrals.getHref(), label: 'Held referrals' },
    ],
  },
  {
    title: 'Settings',
    items: [
      { to: paths.adminLevelsRates.getHref(), label: 'Levels & rates' },
      { to: paths.adminAudit.getHref(), label: 'Audit log' },
      { to: paths.adminJobs.getHref(), label: 'Background jobs' },
    ],
  },
];

/** The console's sections: a fixed column on large screens, a drawer below that. */
export function AdminNav({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Offcanvas
      id="admin-nav"
      show={isOpen}
      onHide={onClose}
      responsive="lg"
      className="side-menu admin-nav"
      aria-label="Admin menu"
    >
      <Offcanvas.Header closeButton closeLabel="Close menu">
        <Offcanvas.Title as="span">
          <Brand />
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0 w-100">
        <Nav as="nav" className="flex-column w-100 p-3" aria-label="Admin">
          {groups.map((group) => (
            <div key={group.title} className="mb-3">
              <p className="admin-nav-title text-uppercase small fw-semibold text-body-secondary mb-1 px-2">
                {group.title}
              </p>
              {group.items.map(({ to, label }) => (
                <NavLink key={to} to={to} className="nav-link side-link py-2" onClick={onClose}>
                  {label}
                </NavLink>
              ))}
            </div>
          ))}
          <NavLink to={paths.dashboard.getHref()} className="nav-link side-link py-2 d-sm-none" onClick={onClose}>
            ← Learner app
          </NavLink>
        </Nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
