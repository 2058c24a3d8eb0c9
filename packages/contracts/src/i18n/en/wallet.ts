/** English texts of the 'wallet' namespace: the spec's texts, word for word, where it gives them. */
export default {
  /** A paid withdrawal's bank reference (UTR), under its description in the transactions list. */
  bankReference: 'Bank reference: {{reference}}',
  title: 'Wallet',
  tryAgain: 'Try again',
  loading: 'Loading…',
  totalBalance: 'Total Balance',
  points: 'Points',
  referralId: 'Referral ID',
  redeemPoint: 'Redeem Point',
  withdrawToAccount: 'Withdraw to account',
  transactions: 'Transactions',
  /** What the learner owes (GET /transactions' owed): refunds took back earnings already withdrawn. */
  owedNote:
    'You owe {{amount}}: earnings you had already withdrawn were taken back (a refund, or a referral found not eligible). Your next earnings pay it before you can withdraw again.',
  heldNote:
    'Commissions, level rewards and Quiz Points are held until the refund window of the purchase has passed. Then you can redeem or withdraw them.',
  /** The ledger (GET /transactions). */
  table: {
    empty: 'No transactions yet.',
    dateTime: 'Date and Time',
    method: 'Transaction Method',
    transactionId: 'Transaction ID',
    amountPoint: 'Amount / Point',
    description: 'Description',
    /** A figure in points; {{points}} is the formatted number, count picks the form. */
    pointCount_one: '{{points}} point',
    pointCount_other: '{{points}} points',
    /** A held credit: when it can be redeemed or withdrawn. */
    availableOn: 'Available on {{date}}',
    pagesLabel: 'Transactions pages',
    newer: 'Newer',
    older: 'Older',
    pageOf: 'Page {{page}} of {{pages}}',
  },
  /** The server's ledger methods (data, in English): shown through this map, an unknown one as it is. */
  methods: {
    referralCommission: 'Referral Commission',
    levelReward: 'Level Reward',
    pointRedeem: 'Point Redeem',
    withdraw: 'Withdraw',
    quizPoints: 'Quiz Points',
    commissionReversal: 'Commission Reversal',
    withdrawReversal: 'Withdraw Reversal',
    levelRewardReversal: 'Level Reward Reversal',
    quizPointsReversal: 'Quiz Points Reversal',
  },
  /** The server's ledger statuses (data, in English). */
  statuses: {
    done: 'Done',
    pending: 'Pending',
    rejected: 'Rejected',
  },
  /** Words both forms share. */
  close: 'Close',
  cancel: 'Cancel',
  continue: 'Continue',
  back: 'Back',
  confirm: 'Confirm',
  redeem: {
    confirmTitle: 'Confirm Redeem',
    aboutTo: 'You are about to redeem',
    pointsAfter: 'Points after',
    balanceAfter: 'Balance after',
    pointsLabel: 'Points to redeem',
    youHold: 'You hold {{points}} points.',
    rate: '1 point = {{value}}.',
    /** 'N points → ₹X' with the server's convert value. */
    preview: '{{points}} points → {{amount}}',
    rateFailed: 'The conversion value could not be loaded.',
    /** The last redeem got no answer (features/wallet/utils/unanswered-attempts.ts). */
    lostAnswer:
      'Your last request to redeem {{points}} points got no answer, so it may have gone through. Check Transactions before redeeming again: redeeming {{points}} points again will not redeem them twice.',
  },
  withdraw: {
    confirmTitle: 'Confirm Withdrawal',
    aboutTo: 'You are about to withdraw',
    to: 'To',
    balanceAfter: 'Balance after: <strong>{{amount}}</strong>',
    heldAsPending: 'The amount is held as Pending until it is paid into your account.',
    amount: 'Amount',
    limits: 'Minimum {{minimum}} · available {{available}}',
    /** The last withdrawal got no answer (features/wallet/utils/unanswered-attempts.ts). */
    lostAnswer:
      'Your last request to withdraw {{amount}} got no answer, so it may have gone through. Check Transactions before asking again: asking for {{amount}} again will not withdraw it twice.',
  },
};
