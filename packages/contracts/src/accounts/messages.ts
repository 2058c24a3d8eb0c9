/** Accounts messages the spec leaves open (docs/product/accounts-and-sign-in.md); validation messages live in common/messages.ts. */
export const accountMessages = {
  registered: 'Registration successful.',
  loggedIn: 'Login successful.',
  emailNotYours: 'This is not the email address of your account.',
  syllabusInvalid: 'Choose a valid syllabus.',
  standardInvalid: 'This standard does not belong to the chosen syllabus.',
  classAdded: 'Your class has been saved.',
  batchNotFound: 'No batch for this syllabus and standard.',
  syllabusNotFound: 'No such syllabus.',
} as const;
