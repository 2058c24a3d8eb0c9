import { fillTemplate } from '../i18n/fill-template.ts';

/**
 * What the server writes as a ledger row's description: English in the data (the operator's console, the accountant's
 * files and the audit read it), shown to the learner in their language. A description is one or more of these joined
 * by LEDGER_PART_SEPARATOR; the web translates each part through the messages catalogue (`ledger`), and a value that is itself a known
 * message (a reason, a level's default name) is translated too. The order matters where one pattern is the start of
 * another: the longer comes first.
 */
export const ledgerDescriptionTemplates = {
  commission: "{{percent}}% commission on {{name}}'s purchase",
  levelRewardBoth: 'Level {{number}} {{level}} achieved: {{amount}} and {{points}} points',
  levelRewardPoints: 'Level {{number}} {{level}} achieved: {{points}} points',
  levelRewardAmount: 'Level {{number}} {{level}} achieved: {{amount}}',
  quiz: 'Quiz: {{subject}} ({{mark}}/{{total}})',
  quizCapped: '{{points}} points: the rest would exceed the price paid',
  pointRedeemed: '1 point redeemed at {{rate}} per point',
  pointsRedeemed: '{{points}} points redeemed at {{rate}} per point',
  withdrawalTo: 'Withdrawal to {{bank}} account ending {{last4}}',
  withdrawalRejected: 'Withdrawal {{id}} rejected: {{reason}}',
  withdrawalReturned: 'Withdrawal {{id}} returned by the bank: {{reason}}',
  /** Added to a withdrawal's own description when it is rejected. */
  rejectedBecause: 'Rejected: {{reason}}',
  refundReversed: 'Purchase refunded: {{id}} reversed',
  ineligibleReversed: 'Not eligible ({{reason}}): {{id}} reversed',
  quizPointsTakenBack: 'Purchase refunded: Quiz Points earned on it taken back',
  redeemedTakenBack: '{{points}} points already redeemed, taken back as {{amount}}',
  notRecovered: '{{amount}} not recovered (already spent)',
  shortfallRecovered: '{{amount}} a refund could not take back earlier, recovered from withdrawal {{id}} given back',
  debtRecovered: '{{amount}} owed from earnings taken back after you had withdrawn them, recovered from your earnings',
  /** Reasons the server gives itself for a withdrawal it stops. */
  earningsTakenBack: 'money it would have paid out was taken back',
  guardianWithdrewConsent: 'your guardian withdrew their consent',
} as const;

export type LedgerDescriptionKey = keyof typeof ledgerDescriptionTemplates;

/** Between the parts of one description: the server joins them with it, the web splits on it to translate each. */
export const LEDGER_PART_SEPARATOR = '; ';

/** A description of several parts (empty ones left out). */
export function joinLedgerParts(...parts: string[]): string {
  return parts.filter(Boolean).join(LEDGER_PART_SEPARATOR);
}

/** A ledger row's description (or one part of it) from its template. */
export function ledgerDescription(key: LedgerDescriptionKey, values: Record<string, string | number> = {}): string {
  return fillTemplate(ledgerDescriptionTemplates[key], values);
}
