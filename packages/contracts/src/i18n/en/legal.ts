/** English texts of the 'legal' namespace: the privacy policy and the terms (issue 16, part 8). */
export default {
  links: {
    privacy: 'Privacy Policy',
    terms: 'Terms',
  },
  who: {
    title: 'Who we are',
    operator: '{{app}} is run by {{operator}}, {{address}}.',
    contact: 'Contact: {{email}}',
    grievanceTitle: 'Grievance officer',
    grievance:
      'Complaints about your data or about this service go to our grievance officer, who acknowledges them within 24 hours and answers within {{days}} days.',
    name: 'Name',
    email: 'Email',
    address: 'Address',
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'This policy says what {{app}} collects about you, why, and what you can ask of us.',
    collectTitle: 'What we collect',
    collect:
      'Your name, email, mobile number, date of birth, class (syllabus and standard), course progress, quiz answers and results, certificates, purchases and payments, wallet entries and, if you add them, bank details (stored encrypted). We also keep the IP address and browser of sign-ins, for security.',
    whyTitle: 'Why we collect it',
    why: 'To give you your lessons, quizzes and certificates, to take payments and issue tax invoices, to pay out withdrawals, to keep the service safe, and to answer you. We use it for nothing else.',
    childrenTitle: "Children's data",
    children1:
      "Most of our learners are school students. We ask every learner for their date of birth. A learner under 18 names a parent or guardian, who gets a link to read what we do with the child's data and to agree.",
    children2:
      "Until the guardian agrees, the learner can study free content but cannot pay, redeem points, add bank details or withdraw money. The guardian can see the child's purchases on the consent page and withdraw consent at any time; payments and withdrawals then stop at once.",
    children3:
      "We do not sell anyone's data, show no third-party advertising, and do not track children or build profiles of them for advertising.",
    sharingTitle: 'Who else sees it',
    sharing:
      'Only the companies that help us run the service: the payment provider (for payments), the mail service (for emails) and our hosting. They may use the data only for that work. We give data to authorities only when the law requires it.',
    retentionTitle: 'How long we keep it',
    retention:
      'While the account is open. When you ask us to delete an account, we delete its data within {{days}} days, except invoices and payment records, which tax law requires us to keep for eight years.',
    rightsTitle: 'Your rights',
    rights:
      'You, or the parent or guardian of a child, can ask to see, correct or delete the data, or withdraw consent, by writing to {{email}}. We answer within {{days}} days.',
    law: "This policy follows India's Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000.",
  },
  terms: {
    title: 'Terms',
    intro: 'These terms apply when you use {{app}}.',
    accountTitle: 'Your account',
    account:
      'Give true details, including your date of birth. Keep your password secret: you are responsible for what is done with your account. One account per person.',
    minorsTitle: 'Learners under 18',
    minors:
      'A learner under 18 may study free content. Paying, redeeming points, adding bank details and withdrawing money need the consent of a parent or guardian first, which the guardian can withdraw at any time.',
    paymentsTitle: 'Payments and refunds',
    payments:
      'Prices include GST, and every payment gets a tax invoice. Refunds follow the refund window shown at purchase; a refund takes back the rewards earned from it.',
    walletTitle: 'Quiz Points and wallet',
    wallet:
      'Quiz Points and referral rewards are credited by the rules shown in the app. Withdrawals are paid to your own bank account after review. Rewards gained by abuse (fake accounts, self-referrals) are taken back.',
    contentTitle: 'Course content',
    content: 'Course materials are for your own study. Do not copy, share or sell them.',
    conductTitle: 'Conduct',
    conduct: 'Do not misuse the service, try to break its security, or harm other learners.',
    changesTitle: 'Changes',
    changes: 'We may change these terms. We tell you in the app before a change that affects you takes effect.',
    law: 'These terms are governed by the laws of India.',
  },
};
