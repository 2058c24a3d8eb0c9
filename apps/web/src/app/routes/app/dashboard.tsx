import type { QueryClient } from '@tanstack/react-query';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { myBatchQueryOptions, useMyBatch } from '@/features/checkout/api/get-my-batch';
import { BatchFeeCard } from '@/features/checkout/components/batch-fee-card';
import { adQueryOptions } from '@/features/dashboard/api/get-ad';
import { ContinueCard } from '@/features/dashboard/components/continue-card';
import { DashboardBanner } from '@/features/dashboard/components/dashboard-banner';
import { Welcome } from '@/features/dashboard/components/welcome';
import { continueQueryOptions, useContinue } from '@/features/learning/api/get-continue';
import { profileQueryOptions, useProfile } from '@/features/profile/api/get-profile';
import { ProfileSummaryCard } from '@/features/profile/components/profile-summary-card';
import { levelStatusQueryOptions, useLevelStatus } from '@/features/referrals/api/get-level-status';
import { recentSubUsersQueryOptions } from '@/features/referrals/api/get-recent-sub-users';
import { InvitePeople } from '@/features/referrals/components/invite-people';
import { LevelCard } from '@/features/referrals/components/level-card';
import { RecentSubUsers } from '@/features/referrals/components/recent-sub-users';
import { ReferralCode } from '@/features/referrals/components/referral-code';
import { useStaysTrue } from '@/lib/stays-true';

/** The dashboard's requests start with its chunk, alongside GET /me, not after the shell renders. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(adQueryOptions());
  void queryClient.prefetchQuery(continueQueryOptions());
  void queryClient.prefetchQuery(myBatchQueryOptions());
  void queryClient.prefetchQuery(levelStatusQueryOptions());
  void queryClient.prefetchQuery(profileQueryOptions());
  void queryClient.prefetchQuery(recentSubUsersQueryOptions());
}

/**
 * Dashboard (docs/product/referrals-and-levels.md#dashboard): banner, level card, profile card with 'Invite People', recent sub-users;
 * the learner's school batch when it has a fee (paid or still to pay), and 'Continue learning' (the
 * chapter studied last) once there is one.
 */
export default function DashboardRoute() {
  const batchQuery = useMyBatch();
  // The app usually starts here: progress made offline is sent first, so the card includes it.
  const continueQuery = useContinue();
  const levelQuery = useLevelStatus();
  const profileQuery = useProfile();
  const batch = batchQuery.data;
  const continueItem = continueQuery.data;
  // Whether the two cards above the level card are there is known only from these answers, and the level card and the
  // profile card (with 'Invite People') are much taller loaded than loading: the cards wait for all four, so none of
  // them moves down when one arrives (the shell may draw first, with a /me kept on the device). On a phone the level
  // card, arriving last, pushed the profile card down 237 px.
  // 'Continue learning' too, from a kept answer of "nothing studied yet" being asked again (after the first chapter
  // studied) until that answer arrives: the card would appear above the others, once, and push them all down.
  // Once drawn, the cards stay while any of these is asked again (a progress report sent from the queue, say).
  const isContinueKnown = !continueQuery.isPending && !(continueQuery.data === null && continueQuery.isFetching);
  const isLaidOut = useStaysTrue(
    isContinueKnown && [batchQuery, levelQuery, profileQuery].every((query) => !query.isPending),
  );
  return (
    <>
      <Welcome />
      <DashboardBanner />
      {isLaidOut && (
        <Row className="g-4">
          {continueItem && (
            <Col xs={12}>
              <ContinueCard item={continueItem} />
            </Col>
          )}
          {batch && batch.fee > 0 && (
            <Col xs={12}>
              <BatchFeeCard batch={batch} />
            </Col>
          )}
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
      )}
    </>
  );
}
