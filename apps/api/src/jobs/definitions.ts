import { balanceSnapshotJob, erasureFollowUpJob } from '../services/admin/index.ts';
import { mailJob } from '../services/mail/index.ts';
import { disputeCheckJob, reconcileJob } from '../services/payments/index.ts';
import { transcodeJob } from '../services/video/index.ts';
import type { AnyJobDefinition } from './registry.ts';

/**
 * Every queue the workers run. A queue named in JobDataMap without a definition here still takes
 * jobs; they wait until a worker that knows the handler starts.
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  mailJob,
  reconcileJob,
  transcodeJob,
  balanceSnapshotJob,
  erasureFollowUpJob,
  disputeCheckJob,
];
