/** English texts of the 'consent' namespace: parental consent for learners under 18 (issue 16, part 7). */
export default {
  dob: {
    title: 'Your date of birth',
    intro:
      'We ask every learner for their date of birth. Learners under 18 need a parent or guardian to agree before they pay, redeem points or withdraw money.',
    label: 'Date of Birth',
    help: 'Learners under 18 need a parent or guardian to agree before they pay.',
    save: 'Save',
  },
  needed: {
    title: 'A parent or guardian must agree first',
    dobIntro: 'Tell us your date of birth before you pay, redeem points or withdraw money.',
    intro:
      'You are under 18, so a parent or guardian must agree before you can pay, redeem points or withdraw money. You can keep studying free content meanwhile.',
    next: 'Name your parent or guardian: they get a link to read and agree.',
    pending: 'Waiting for {{name}} ({{contact}}) to agree. The link was sent on {{date}}.',
    withdrawn:
      '{{name}} withdrew consent on {{date}}. Only they can give it again: ask them again, or write to us to name another guardian.',
    expired:
      'The link sent to {{name}} ({{contact}}) on {{date}} has expired: links work for 7 days. Ask again to send a new one.',
    askAgain: 'Ask again or change the guardian',
  },
  form: {
    guardianName: "Parent or guardian's name",
    by: 'Send the link by',
    byEmail: 'Email',
    byMobile: 'Mobile (WhatsApp)',
    guardianEmail: "Parent or guardian's email",
    guardianMobile: "Parent or guardian's mobile number",
    mobileHelp: 'We cannot send text messages: you send the link yourself on WhatsApp, or copy it.',
    send: 'Send consent link',
  },
  share: {
    title: 'Send this link to {{name}}',
    intro:
      'On this page {{name}} reads what they agree to and answers. If you ask again, a new link is made and this one stops working.',
    whatsapp: 'Send on WhatsApp',
    copy: 'Copy Link',
    copied: 'Link copied',
    message:
      'Hello {{name}}, I study on {{app}}. Please read this page and agree if you are happy for me to pay for courses and withdraw money: {{link}}',
  },
  guardian: {
    title: 'Parental consent',
    asks: '{{child}} asks for your consent',
    intro: '{{child}} studies on {{app}} and has named you, {{guardian}}, as their parent or guardian.',
    dataTitle: "What we do with your child's data",
    data1:
      "We keep your child's name, email, mobile number, date of birth, class, course progress, quiz results and purchases, to run their lessons, certificates and payments.",
    data2: "We do not sell your child's data, and we do not use it for advertising or to build advertising profiles.",
    data3: 'Bank details, if your child adds them, are stored encrypted and used only to pay out withdrawals.',
    allowsTitle: 'What your consent allows',
    allows1: 'Your child can pay for courses and for their class fee.',
    allows2: 'Your child can redeem Quiz Points and withdraw wallet money to a bank account.',
    allows3:
      'You can see every purchase on this page and withdraw your consent at any time: payments and withdrawals stop at once.',
    without: 'Without your consent your child can still study free content.',
    checkbox: "I am {{child}}'s parent or guardian, I have read the above and I agree.",
    agree: 'I agree',
    givenTitle: 'You have agreed',
    givenOn: 'You agreed on {{date}}. {{child}} can now pay for courses and withdraw money.',
    withdrawnTitle: 'Consent withdrawn',
    withdrawnOn:
      'You withdrew consent on {{date}}. {{child}} cannot pay or withdraw money. To agree again, ask {{child}} to send you a new link.',
    purchasesTitle: 'Purchases by {{child}}',
    noPurchases: 'No purchases yet.',
    invoice: 'GST invoice (PDF)',
    creditNote: 'Credit note (PDF)',
    invoiceOf: 'GST invoice for {{item}} (PDF)',
    creditNoteOf: 'Credit note for {{item}} (PDF)',
    item: 'Item',
    amount: 'Amount',
    date: 'Date',
    status: 'Status',
    statuses: {
      paid: 'Paid',
      pending: 'Not completed',
      failed: 'Failed',
      refunded: 'Refunded',
    },
    batchFee: 'Class fee: {{name}}',
    withdraw: 'Withdraw consent',
    withdrawConfirm:
      'Withdraw consent? {{child}} will not be able to pay or withdraw money until you agree again on a new link.',
    cancel: 'Cancel',
    invalidTitle: 'This link is not valid',
    invalid: 'This consent link is not valid. It may have been replaced by a newer one.',
    adultTitle: 'This link no longer opens anything',
    adult:
      "The learner is 18 or over now: a guardian's consent is no longer needed, so this page shows nothing any more.",
    expiredTitle: 'This link has expired',
    expired: 'Consent links work for 7 days. Please ask your child to send you a new one.',
    evidence: 'We record the time of your answer, your IP address and your browser as evidence of it.',
    links: 'Privacy Policy and Terms',
  },
  mail: {
    subject: '{{child}} asks for your consent on {{app}}',
    body: '{{child}} studies on {{app}} and has named you as their parent or guardian. Before {{child}} can pay for courses or withdraw money, we need your agreement.',
    action: 'Read what you are agreeing to, and answer, on this page:',
    button: 'Review and agree',
    ignore: 'If you do not know {{child}}, ignore this email: nothing changes.',
  },
};
