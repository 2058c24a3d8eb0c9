/** English texts of the 'mail' namespace: the spec's texts, word for word, where it gives them. */
export default {
  greeting: 'Hello {{name}},',
  /** To an address nobody has proved yet (the one-time codes): no name, which anyone could have typed. */
  greetingUnnamed: 'Hello,',
  signOff: '{{appName}}',
  automatic: 'This email was sent automatically; replies to it are not read.',
  otp: {
    verify_email: {
      subject: '{{appName}}: code to verify your email address',
      codeIs: 'Your {{appName}} code to verify your email address is:',
      ignore: 'If you did not create an account, ignore this email.',
    },
    reset_password: {
      subject: '{{appName}}: code to reset your password',
      codeIs: 'Your {{appName}} code to reset your password is:',
      ignore: 'If you did not ask to reset your password, ignore this email: your password stays as it is.',
    },
    lasts: 'It lasts {{minutes}} minutes and works once. Never share it with anyone.',
  },
  receipt: {
    subject: '{{appName}}: payment receipt for {{item}}',
    heading: 'Thank you for your payment',
    intro: 'We have received your payment for {{item}}. It is yours to study now.',
    item: 'Item',
    amount: 'Amount paid',
    date: 'Paid on',
    order: 'Order reference',
    payment: 'Payment reference',
    invoiceNumber: 'Invoice number',
    invoiceAttached: 'Your GST tax invoice is attached to this email as a PDF.',
    batchFee: 'Batch fee: {{batch}}',
  },
  refund: {
    subject: '{{appName}}: refund for {{item}}',
    heading: 'Your payment has been refunded',
    intro: 'We have refunded your payment for {{item}}. Its lessons and quizzes are closed to you from now on.',
    introGuardian:
      "We have refunded the payment for {{item}} made on {{child}}'s account. Its lessons and quizzes are closed to {{child}} from now on. We write to you as the parent or guardian who agreed to {{child}}'s payments.",
    item: 'Item',
    amount: 'Amount refunded',
    date: 'Refunded on',
    payment: 'Payment reference',
    creditNoteNumber: 'Credit note number',
    moneyBack:
      'The {{amount}} goes back to the card, UPI or bank account it was paid with. Banks usually show it within 5 to 7 working days; if you ask your bank about it, give them the payment reference.',
    quizPointsTakenBack: 'The Quiz Points you earned on it ({{points}}) were taken back with it.',
    quizPointsRedeemedTakenBack:
      'The Quiz Points you earned on it ({{points}}) were taken back with it. You had already redeemed {{redeemed}} of them, so {{amount}} was taken from your wallet for those.',
    creditNoteAttached: 'The GST credit note for this refund is attached to this email as a PDF.',
  },
  withdrawalSettled: {
    subject: '{{appName}}: your withdrawal of {{amount}} has been paid',
    intro: 'We have paid your withdrawal of {{amount}} into your bank account.',
    amount: 'Amount',
    transaction: 'Transaction ID',
    bankReference: 'Bank reference',
    account: 'Paid to account',
    date: 'Paid on',
    note: 'Your bank may take a little while to show it. If you ask your bank about this payment, give them the bank reference.',
  },
  withdrawalRejected: {
    subject: '{{appName}}: your withdrawal of {{amount}} was not paid',
    intro: 'We could not pay your withdrawal of {{amount}}.',
    reason: 'Reason',
    transaction: 'Transaction ID',
    moneyBack: 'The {{amount}} is back in your wallet: you can use it or ask for a withdrawal again.',
    moneyKeptBack:
      'Of the {{amount}}, {{recovered}} paid back money that was taken back after you had withdrawn it (a purchase that earned it was refunded, or a referral was found not eligible); {{rest}} is back in your wallet.',
    earningsTakenBack:
      'Money this withdrawal would have paid out was taken back (a purchase that earned it was refunded, or a referral was found not eligible), so it was stopped before it was paid. What was not taken back is in your wallet: you can ask for it again.',
    guardianWithdrewConsent: 'Your guardian withdrew their consent, so the withdrawal was stopped before it was paid.',
  },
  withdrawalReturned: {
    subject: '{{appName}}: your withdrawal of {{amount}} came back from the bank',
    intro:
      'We paid your withdrawal of {{amount}}, but your bank sent the transfer back to us, so it did not reach your account.',
    reason: 'Reason given',
    bankReference: 'Bank reference',
    transaction: 'Transaction ID',
    checkAccount: 'Please check the bank details on your profile before you ask for a withdrawal again.',
  },
  passwordChanged: {
    subject: '{{appName}}: your password was changed',
    intro: 'The password of your {{appName}} account ({{email}}) was changed on {{date}}.',
    signedOut: 'Your other devices have been signed out.',
    notYou: 'If you did not change it, reset your password now.',
    resetButton: 'Reset your password',
  },
  bankDetailsChanged: {
    subject: '{{appName}}: the bank account for your withdrawals was changed',
    introAdded: 'A bank account for your {{appName}} withdrawals was added on {{date}}.',
    introChanged: 'The bank account that your {{appName}} withdrawals are paid into was changed on {{date}}.',
    bank: 'Bank',
    account: 'Account number',
    withdrawals:
      'Withdrawals you ask for from now on are paid into this account. One you have already asked for is paid into the account you gave when you asked.',
    notYou:
      'If you did not make this change, someone else may be using your account: reset your password now and contact {{appName}}.',
    resetButton: 'Reset your password',
  },
  emailChanged: {
    subject: '{{appName}}: the email address of your account was changed',
    intro: 'The email address of your {{appName}} account was changed on {{date}} from this address to {{newEmail}}.',
    fromNow: 'From now on we write to the new address only.',
    notYou: 'If you did not make this change, someone else may be using your account: contact {{appName}} at once.',
  },
};
