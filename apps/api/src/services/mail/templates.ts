import { formatIndiaDateTime, formatInr, paiseToRupees, type Language } from '@app/contracts';
import type { Mail } from './mailer.ts';
import { languageOf, translator } from '../../lib/i18n.ts';
import { composeMail, type MailBlock } from './compose-mail.ts';

/**
 * The transactional mails, each in the recipient's language (users.language; English for anything
 * unknown) from the 'mail' namespace, as text and HTML (compose-mail.ts). Pure: the callers read the
 * rows, these only write.
 */
export interface Recipient {
  appName: string;
  to: string;
  /** null: greeted without a name. */
  firstName: string | null;
  /** users.language: en | hi | ml. */
  language?: string | null | undefined;
}

/**
 * A mail to one recipient in their language: `write` gets t() and the language (for amounts and
 * dates) and answers the subject and the body's blocks; the greeting, sign-off and addressing are
 * composeMail's.
 */
function mailTo(
  recipient: Recipient,
  write: (t: ReturnType<typeof translator>, language: Language) => { subject: string; blocks: MailBlock[] },
): Mail {
  const language = languageOf(recipient.language);
  const { subject, blocks } = write(translator(language), language);
  const { appName, to, firstName } = recipient;
  return composeMail({ language, appName, to, firstName, subject, blocks });
}

interface OtpMailOptions extends Recipient {
  code: string;
  /** The purposes mail:otp has texts for; accounts' OtpPurpose must fit in it. */
  purpose: 'verify_email' | 'reset_password';
  ttlMinutes: number;
}

/**
 * The one-time password mail: what the code is for, how long it lasts, and who sent it. It greets no one by name: it
 * goes to an address not yet proved (a sign-up's, a new email's, or a reset of an account never verified), and a name
 * is whatever the person who typed that address chose, a sentence with a link included (decision 064).
 */
export function otpMail(options: OtpMailOptions): Mail {
  const { appName, purpose } = options;
  return mailTo({ ...options, firstName: null }, (t) => ({
    subject: t(`mail:otp.${purpose}.subject`, { appName }),
    blocks: [
      { kind: 'code', intro: t(`mail:otp.${purpose}.codeIs`, { appName }), code: options.code },
      { kind: 'paragraph', text: t('mail:otp.lasts', { minutes: options.ttlMinutes }) },
      { kind: 'paragraph', text: t(`mail:otp.${purpose}.ignore`) },
    ],
  }));
}

interface ReceiptMailOptions extends Recipient {
  /** The course's name, or the batch's (a batch fee). */
  item: { kind: 'course' | 'batch'; name: string };
  amountPaise: number;
  paidAt: Date;
  orderReference: string | null;
  paymentReference: string | null;
  /** The GST invoice's number, when it is attached. */
  invoiceNumber: string | null;
}

/** The payment receipt: what was bought, what was paid and when, the references, and the invoice (attached). */
export function receiptMail(options: ReceiptMailOptions): Mail {
  return mailTo(options, (t, language) => {
    const item =
      options.item.kind === 'batch' ? t('mail:receipt.batchFee', { batch: options.item.name }) : options.item.name;
    const rows = [
      { label: t('mail:receipt.item'), value: item },
      { label: t('mail:receipt.amount'), value: formatInr(paiseToRupees(options.amountPaise), language) },
      { label: t('mail:receipt.date'), value: formatIndiaDateTime(options.paidAt, language) },
      ...(options.orderReference ? [{ label: t('mail:receipt.order'), value: options.orderReference }] : []),
      ...(options.paymentReference ? [{ label: t('mail:receipt.payment'), value: options.paymentReference }] : []),
      ...(options.invoiceNumber ? [{ label: t('mail:receipt.invoiceNumber'), value: options.invoiceNumber }] : []),
    ];
    return {
      subject: t('mail:receipt.subject', { appName: options.appName, item }),
      blocks: [
        { kind: 'heading', text: t('mail:receipt.heading') },
        { kind: 'paragraph', text: t('mail:receipt.intro', { item }) },
        { kind: 'details', rows },
        ...(options.invoiceNumber ? [{ kind: 'paragraph' as const, text: t('mail:receipt.invoiceAttached') }] : []),
      ],
    };
  });
}

interface RefundMailOptions extends Recipient {
  /** The course's name, or the batch's (a batch fee). */
  item: { kind: 'course' | 'batch'; name: string };
  amountPaise: number;
  refundedAt: Date;
  /** The provider's payment id: what the learner's bank knows the payment by. */
  paymentReference: string | null;
  /** The GST credit note's number, when it is attached. */
  creditNoteNumber: string | null;
  /**
   * The buyer's Quiz Points the refund took back (held ones cancelled included); of them, those already redeemed, and
   * the money taken from the wallet for them (decision 046). Omitted in the guardian's copy.
   */
  quizPointsTakenBack?: { points: number; redeemedPoints: number; paise: number };
  /** The guardian's copy (decision 050): the child's name, and the mail speaks of the child's payment. */
  child?: string;
}

/**
 * A refund (decision 050): what was refunded, that its course is closed, that the money goes back the way it was paid
 * and how long banks take, the Quiz Points taken back with it, and the credit note (attached).
 */
export function refundMail(options: RefundMailOptions): Mail {
  return mailTo(options, (t, language) => {
    const item =
      options.item.kind === 'batch' ? t('mail:receipt.batchFee', { batch: options.item.name }) : options.item.name;
    const amount = formatInr(paiseToRupees(options.amountPaise), language);
    const taken = options.quizPointsTakenBack;
    const rows = [
      { label: t('mail:refund.item'), value: item },
      { label: t('mail:refund.amount'), value: amount },
      { label: t('mail:refund.date'), value: formatIndiaDateTime(options.refundedAt, language) },
      ...(options.paymentReference ? [{ label: t('mail:refund.payment'), value: options.paymentReference }] : []),
      ...(options.creditNoteNumber
        ? [{ label: t('mail:refund.creditNoteNumber'), value: options.creditNoteNumber }]
        : []),
    ];
    const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
    return {
      subject: t('mail:refund.subject', { appName: options.appName, item }),
      blocks: [
        { kind: 'heading', text: t('mail:refund.heading') },
        paragraph(
          options.child === undefined
            ? t('mail:refund.intro', { item })
            : t('mail:refund.introGuardian', { item, child: options.child }),
        ),
        { kind: 'details', rows },
        paragraph(t('mail:refund.moneyBack', { amount })),
        ...(taken && taken.points > 0
          ? [
              paragraph(
                taken.paise > 0
                  ? t('mail:refund.quizPointsRedeemedTakenBack', {
                      points: taken.points,
                      redeemed: taken.redeemedPoints,
                      amount: formatInr(paiseToRupees(taken.paise), language),
                    })
                  : t('mail:refund.quizPointsTakenBack', { points: taken.points }),
              ),
            ]
          : []),
        ...(options.creditNoteNumber ? [paragraph(t('mail:refund.creditNoteAttached'))] : []),
      ],
    };
  });
}

interface WithdrawalSettledMailOptions extends Recipient {
  amountPaise: number;
  transactionId: string;
  bankReference: string;
  /** The account paid into, masked (********1234); null when the bank details are gone. */
  account: string | null;
  settledAt: Date;
}

/** A withdrawal paid out: the amount, the bank reference to quote to the bank, where and when. */
export function withdrawalSettledMail(options: WithdrawalSettledMailOptions): Mail {
  return mailTo(options, (t, language) => {
    const amount = formatInr(paiseToRupees(options.amountPaise), language);
    return {
      subject: t('mail:withdrawalSettled.subject', { appName: options.appName, amount }),
      blocks: [
        { kind: 'paragraph', text: t('mail:withdrawalSettled.intro', { amount }) },
        {
          kind: 'details',
          rows: [
            { label: t('mail:withdrawalSettled.amount'), value: amount },
            { label: t('mail:withdrawalSettled.bankReference'), value: options.bankReference },
            { label: t('mail:withdrawalSettled.transaction'), value: options.transactionId },
            ...(options.account ? [{ label: t('mail:withdrawalSettled.account'), value: options.account }] : []),
            { label: t('mail:withdrawalSettled.date'), value: formatIndiaDateTime(options.settledAt, language) },
          ],
        },
        { kind: 'paragraph', text: t('mail:withdrawalSettled.note') },
      ],
    };
  });
}

/**
 * The operator's reason, as written; or, said in the learner's language, the guardian's withdrawal of consent or a
 * refund (or a referral found not eligible) taking back the money the withdrawal would have paid.
 */
export type WithdrawalRejectedReason = string | { guardianWithdrewConsent: true } | { earningsTakenBack: true } | null;

interface WithdrawalRejectedMailOptions extends Recipient {
  amountPaise: number;
  transactionId: string;
  reason: WithdrawalRejectedReason;
  /** Of the amount, what paid back money a refund could not take back earlier (recoverShortfalls). */
  recoveredPaise?: number;
}

/** A withdrawal not paid: why (when a reason was given), and that the money is back in the wallet. */
export function withdrawalRejectedMail(options: WithdrawalRejectedMailOptions): Mail {
  return mailTo(options, (t, language) => {
    const amount = formatInr(paiseToRupees(options.amountPaise), language);
    return {
      subject: t('mail:withdrawalRejected.subject', { appName: options.appName, amount }),
      blocks: [
        { kind: 'paragraph', text: t('mail:withdrawalRejected.intro', { amount }) },
        {
          kind: 'details',
          rows: [
            ...(options.reason
              ? [
                  {
                    label: t('mail:withdrawalRejected.reason'),
                    value:
                      typeof options.reason === 'string'
                        ? options.reason
                        : 'guardianWithdrewConsent' in options.reason
                          ? t('mail:withdrawalRejected.guardianWithdrewConsent')
                          : t('mail:withdrawalRejected.earningsTakenBack'),
                  },
                ]
              : []),
            { label: t('mail:withdrawalRejected.transaction'), value: options.transactionId },
          ],
        },
        moneyBackBlock(t, language, options),
      ],
    };
  });
}

/**
 * The money of a withdrawal not paid, or paid and returned by the bank, back in the wallet: whole, or less what paid
 * back money a refund could not take back earlier (decision 046).
 */
function moneyBackBlock(
  t: ReturnType<typeof translator>,
  language: Language,
  options: { amountPaise: number; recoveredPaise?: number | undefined },
): MailBlock {
  const amount = formatInr(paiseToRupees(options.amountPaise), language);
  return {
    kind: 'paragraph',
    text: options.recoveredPaise
      ? t('mail:withdrawalRejected.moneyKeptBack', {
          amount,
          recovered: formatInr(paiseToRupees(options.recoveredPaise), language),
          rest: formatInr(paiseToRupees(options.amountPaise - options.recoveredPaise), language),
        })
      : t('mail:withdrawalRejected.moneyBack', { amount }),
  };
}

interface WithdrawalReturnedMailOptions extends Recipient {
  amountPaise: number;
  transactionId: string;
  /** The bank reference of the transfer that came back. */
  bankReference: string | null;
  /** The operator's words, as written (the bank's reason): never product text, which is the catalogue's. */
  reason: string;
  /** Of the amount, what paid back money a refund could not take back earlier (recoverShortfalls). */
  recoveredPaise?: number;
}

/**
 * A paid withdrawal the bank sent back (decision 050): it was paid and came back, which is not "could not pay"; the
 * operator's reason, the money back in the wallet, and to check the bank details before asking again.
 */
export function withdrawalReturnedMail(options: WithdrawalReturnedMailOptions): Mail {
  return mailTo(options, (t, language) => {
    const amount = formatInr(paiseToRupees(options.amountPaise), language);
    const reason = options.reason.trim();
    return {
      subject: t('mail:withdrawalReturned.subject', { appName: options.appName, amount }),
      blocks: [
        { kind: 'paragraph', text: t('mail:withdrawalReturned.intro', { amount }) },
        {
          kind: 'details',
          rows: [
            ...(reason ? [{ label: t('mail:withdrawalReturned.reason'), value: reason }] : []),
            ...(options.bankReference
              ? [{ label: t('mail:withdrawalReturned.bankReference'), value: options.bankReference }]
              : []),
            { label: t('mail:withdrawalReturned.transaction'), value: options.transactionId },
          ],
        },
        moneyBackBlock(t, language, options),
        { kind: 'paragraph', text: t('mail:withdrawalReturned.checkAccount') },
      ],
    };
  });
}

interface PasswordChangedMailOptions extends Recipient {
  changedAt: Date;
  /** Where to reset the password (the web app's forgot-password page). */
  resetUrl: string;
}

/** "Your password was changed; if it was not you, reset it." */
export function passwordChangedMail(options: PasswordChangedMailOptions): Mail {
  const { appName } = options;
  return mailTo(options, (t, language) => ({
    subject: t('mail:passwordChanged.subject', { appName }),
    blocks: [
      {
        kind: 'paragraph',
        text: t('mail:passwordChanged.intro', {
          appName,
          email: options.to,
          date: formatIndiaDateTime(options.changedAt, language),
        }),
      },
      { kind: 'paragraph', text: t('mail:passwordChanged.signedOut') },
      {
        kind: 'action',
        text: t('mail:passwordChanged.notYou'),
        label: t('mail:passwordChanged.resetButton'),
        url: options.resetUrl,
      },
    ],
  }));
}

interface BankDetailsChangedMailOptions extends Recipient {
  /** True when the account had no bank details before. */
  isFirst: boolean;
  bankName: string;
  /** The account number masked as the app shows it (********9012). */
  accountMasked: string;
  changedAt: Date;
  /** Where to reset the password (the web app's forgot-password page). */
  resetUrl: string;
}

/**
 * "The bank account your withdrawals are paid into was added or changed": the account's owner
 * learns of it even when someone else (a sibling on a shared phone, a stolen session) made it.
 */
export function bankDetailsChangedMail(options: BankDetailsChangedMailOptions): Mail {
  const { appName } = options;
  return mailTo(options, (t, language) => ({
    subject: t('mail:bankDetailsChanged.subject', { appName }),
    blocks: [
      {
        kind: 'paragraph',
        text: t(options.isFirst ? 'mail:bankDetailsChanged.introAdded' : 'mail:bankDetailsChanged.introChanged', {
          appName,
          date: formatIndiaDateTime(options.changedAt, language),
        }),
      },
      {
        kind: 'details',
        rows: [
          { label: t('mail:bankDetailsChanged.bank'), value: options.bankName },
          { label: t('mail:bankDetailsChanged.account'), value: options.accountMasked },
        ],
      },
      { kind: 'paragraph', text: t('mail:bankDetailsChanged.withdrawals') },
      {
        kind: 'action',
        text: t('mail:bankDetailsChanged.notYou', { appName }),
        label: t('mail:bankDetailsChanged.resetButton'),
        url: options.resetUrl,
      },
    ],
  }));
}

interface EmailChangedMailOptions extends Recipient {
  /** The new address, already masked (ra****@gmail.com). */
  newEmailMasked: string;
  changedAt: Date;
}

/** To the OLD address: the account's email was changed, to which (masked) and when. */
export function emailChangedMail(options: EmailChangedMailOptions): Mail {
  const { appName } = options;
  return mailTo(options, (t, language) => ({
    subject: t('mail:emailChanged.subject', { appName }),
    blocks: [
      {
        kind: 'paragraph',
        text: t('mail:emailChanged.intro', {
          appName,
          newEmail: options.newEmailMasked,
          date: formatIndiaDateTime(options.changedAt, language),
        }),
      },
      { kind: 'paragraph', text: t('mail:emailChanged.fromNow') },
      { kind: 'paragraph', text: t('mail:emailChanged.notYou', { appName }) },
    ],
  }));
}
