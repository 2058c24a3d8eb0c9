import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { DashboardBanner } from '@/features/dashboard/components/dashboard-banner';
import { Welcome } from '@/features/dashboard/components/welcome';
import { ProfileSummaryCard } from '@/features/profile/components/profile-summary-card';
import { InvitePeople } from '@/features/referrals/components/invite-people';
import { LevelCard } from '@/features/referrals/components/level-card';
import { RecentSubUsers } from '@/features/referrals/components/recent-sub-users';
import { ReferralCode } from '@/features/referrals/components/referral-code';

/** Dashboard (spec section 2): banner, level card, profile card with 'Invite People', recent sub-users. */
export default function DashboardRoute() {
  return (
    <>
      <Welcome />
      <DashboardBanner />
      <Row className="g-4">
        <Col lg={8}>
          <LevelCard />
        </Col>
        <Col lg={4}>
          <ProfileSummaryCard referralCode={<ReferralCode />} action={<InvitePeople />} />
        </Col>
        <Col xs={12}>
          <RecentSubUsers />
        </Col>
      </Row>
    </>
  );
}
