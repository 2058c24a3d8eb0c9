import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import type { AdminUserDetail } from '@app/contracts';
import { formatInr } from '@app/contracts';
import { paths } from '@/config/paths';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyRow } from '../../components/async-content';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../utils/format';
import { RolesForm } from './roles-form';
import { UserConsent } from './user-consent';
import { Fact } from './fact';

/** Everything about one user: profile, roles, referrer, level, sub-users, wallet, date of birth and consent, purchases. */
export function UserDetail({ user }: { user: AdminUserDetail }) {
  const { profile, level } = user;
  const isErased = user.erasure !== null;
  return (
    <Row className="g-4">
      <Col lg={6}>
        <Card className="admin-card h-100">
          <Card.Body>
            <h2 className="h5">Profile</h2>
            <dl className="row small mb-0">
              <Fact label="Email">
                {profile.email}{' '}
                {isErased ? (
                  <StatusBadge status="inactive" label="personal data deleted" />
                ) : profile.email_verified_at ? (
                  <StatusBadge status="active" label="verified" />
                ) : (
                  <StatusBadge status="pending" label="unverified" />
                )}
              </Fact>
              <Fact label="Mobile">{profile.mobile || null}</Fact>
              <Fact label="Referral code">
                <span className="font-monospace">{profile.referral_code}</span>
              </Fact>
              <Fact label="Syllabus / standard">
                {profile.syllabus ? `${profile.syllabus} · ${profile.standard ?? '—'}` : null}
              </Fact>
              <Fact label="City / state">
                {profile.city || profile.state ? [profile.city, profile.state].filter(Boolean).join(', ') : null}
              </Fact>
              <Fact label="Joined">{formatDateTime(profile.created_at)}</Fact>
              <Fact label="Active since">
                {profile.activated_at ? formatDateTime(profile.activated_at) : 'Not active (no paid purchase)'}
              </Fact>
              <Fact label="Sign-up address">{profile.signup_ip}</Fact>
              <Fact label="Referred by">
                {user.referrer ? (
                  <Link to={paths.adminUser.getHref(user.referrer.id)}>
                    {user.referrer.name} ({user.referrer.referral_code})
                  </Link>
                ) : null}
              </Fact>
              <Fact label="Referral status">
                <StatusBadge status={user.referral_status} />
              </Fact>
            </dl>
            <hr />
            <h3 className="h6">Roles</h3>
            {isErased ? (
              <p className="small mb-0">{user.roles.join(', ')}</p>
            ) : (
              <RolesForm key={user.roles.join()} userId={profile.id} roles={user.roles} />
            )}
          </Card.Body>
        </Card>
      </Col>
      <Col lg={6}>
        <Card className="admin-card mb-4">
          <Card.Body>
            <h2 className="h5">Wallet and network</h2>
            <Row className="text-center g-2">
              <Col xs={6} md={3}>
                <div className="fs-5 fw-semibold">{formatInr(user.wallet.balance)}</div>
                <div className="small text-body-secondary">Balance</div>
              </Col>
              <Col xs={6} md={3}>
                <div className="fs-5 fw-semibold">{user.wallet.points.toLocaleString('en-IN')}</div>
                <div className="small text-body-secondary">Points</div>
              </Col>
              <Col xs={6} md={3}>
                <div className="fs-5 fw-semibold">{user.sub_users.total}</div>
                <div className="small text-body-secondary">Sub-users</div>
              </Col>
              <Col xs={6} md={3}>
                <div className="fs-5 fw-semibold">{user.sub_users.active}</div>
                <div className="small text-body-secondary">Active sub-users</div>
              </Col>
            </Row>
          </Card.Body>
        </Card>
        <Card className="admin-card">
          <Card.Body>
            <h2 className="h5">Level</h2>
            {!level ? (
              <p className="text-body-secondary mb-0">No levels are configured.</p>
            ) : (
              <>
                <p className="mb-1">
                  <strong>
                    Level {level.level_number}: {level.level_name}
                  </strong>
                  {level.is_completed && <StatusBadge status="active" label="all levels achieved" />}
                </p>
                <p className="small text-body-secondary mb-2">
                  {level.completed_node} of {level.node} sub-users · {level.level_start} to {level.level_end} (
                  {level.difference} days left)
                </p>
                {/* The name goes on the inner bar (role progressbar); on the outer one it would name a plain div. */}
                <ProgressBar>
                  <ProgressBar
                    now={level.progress_percent}
                    label={`${level.progress_percent}%`}
                    aria-label="Level progress"
                  />
                </ProgressBar>
              </>
            )}
          </Card.Body>
        </Card>
        <UserConsent userId={profile.id} consent={user.consent} isErased={isErased} />
      </Col>
      <Col xs={12}>
        <Card className="admin-card">
          <Card.Body>
            <h2 className="h5">Purchases</h2>
            <ResponsiveTable regionLabel="Purchases" size="sm" className="admin-table mb-0">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Item</th>
                  <th scope="col" className="text-end">
                    Paid
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Offer code</th>
                </tr>
              </thead>
              <tbody>
                {user.purchases.length === 0 && <EmptyRow colSpan={5}>No purchases.</EmptyRow>}
                {user.purchases.map((purchase) => (
                  <tr key={purchase.id}>
                    <td className="small text-nowrap">{formatDateTime(purchase.created_at)}</td>
                    <td>{purchase.item.name}</td>
                    <td className="text-end">{formatInr(purchase.amount)}</td>
                    <td>
                      <StatusBadge status={purchase.status} />
                    </td>
                    <td className="font-monospace small">{purchase.offer_code ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </ResponsiveTable>
            <p className="small mt-2 mb-0">
              <Link to={`${paths.adminPurchases.getHref()}?user=${profile.id}`}>
                Refunds are on the Purchases page →
              </Link>
            </p>
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
