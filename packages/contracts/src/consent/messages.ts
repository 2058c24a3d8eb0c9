/** Parental consent messages (issue 16, part 7): the server's refusals and confirmations, translated at the edge. */
export const consentMessages = {
  consentRequired: 'A parent or guardian must agree before you can pay, redeem points or withdraw money.',
  dateOfBirthNeeded: 'Tell us your date of birth before you pay, redeem points or withdraw money.',
  dateOfBirthRequired: 'Date of birth is required.',
  dateOfBirthInvalid: 'Enter a valid date of birth.',
  dateOfBirthFuture: 'Date of birth cannot be in the future.',
  dateOfBirthAge: 'Age must be between 5 and 100 years.',
  dateOfBirthLocked: 'Your date of birth cannot be changed this way. Please write to us to correct it.',
  dateOfBirthSaved: 'Date of birth saved.',
  guardianNameRequired: 'Enter the name of your parent or guardian.',
  guardianContactRequired: 'Enter the email or the mobile number of your parent or guardian.',
  guardianContactOne: 'Enter either an email or a mobile number, not both.',
  guardianNotYou: 'Enter the email or mobile number of your parent or guardian, not your own.',
  consentNotNeeded: "You do not need a parent's consent.",
  consentAlreadyGiven: 'Your parent or guardian has already agreed.',
  consentMailed: 'We have emailed the consent link to your parent or guardian.',
  consentLinkReady: 'Send the consent link to your parent or guardian.',
  consentLinkInvalid: 'This consent link is not valid. It may have been replaced by a newer one.',
  agreeRequired: 'Tick the box to agree.',
  consentGiven: 'Thank you. Your consent is recorded.',
  consentWithdrawn: 'Consent withdrawn. Payments and withdrawals are blocked again.',
  consentNotGiven: 'Consent has not been given on this link.',
  consentLinkWithdrawn: 'Consent was withdrawn on this link. To agree again, ask for a new link.',
  consentNotByLearner: 'This link is for your guardian, not for you. Please ask them to open it on their own phone.',
  consentLinkExpired: 'This consent link has expired: links work for 7 days. Please ask for a new one.',
  consentLinkAdult:
    "This learner is 18 or over now: a guardian's consent is no longer needed, and this link no longer opens anything.",
  guardianWithdrewOnlyThem:
    'Your guardian withdrew consent. Only they can give it again; to name another guardian, write to us.',
  guardianNamedOnlyThem:
    "We have your guardian's contact on record. Only they can give consent; to name another guardian, write to us.",
} as const;
