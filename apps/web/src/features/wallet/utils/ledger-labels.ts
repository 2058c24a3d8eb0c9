import { useTranslation } from 'react-i18next';
import type { en, LedgerMethod, LedgerStatus } from '@app/contracts';

type MethodKey = keyof (typeof en)['wallet']['methods'];
type StatusKey = keyof (typeof en)['wallet']['statuses'];

/** The server's ledger methods (data, always English) → their catalogue keys. */
const methodKeys: Record<LedgerMethod, MethodKey> = {
  'Referral Commission': 'referralCommission',
  'Level Reward': 'levelReward',
  'Point Redeem': 'pointRedeem',
  Withdraw: 'withdraw',
  'Quiz Points': 'quizPoints',
  'Commission Reversal': 'commissionReversal',
  'Withdraw Reversal': 'withdrawReversal',
  'Level Reward Reversal': 'levelRewardReversal',
  'Quiz Points Reversal': 'quizPointsReversal',
};

const statusKeys: Record<LedgerStatus, StatusKey> = { Done: 'done', Pending: 'pending', Rejected: 'rejected' };

/**
 * A ledger row's method and status in the app's language. They stay English in the data; a value
 * the map does not know (a method added on the server later) is shown as it came.
 */
export function useLedgerLabels() {
  const { t } = useTranslation('wallet');
  return {
    method: (method: string): string => {
      const key = Object.hasOwn(methodKeys, method) ? methodKeys[method as LedgerMethod] : undefined;
      return key ? t(`methods.${key}`) : method;
    },
    status: (status: string): string => {
      const key = Object.hasOwn(statusKeys, status) ? statusKeys[status as LedgerStatus] : undefined;
      return key ? t(`statuses.${key}`) : status;
    },
  };
}
