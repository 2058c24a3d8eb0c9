/** English texts of the 'profile' namespace: the spec's texts, word for word, where it gives them. */
export default {
  title: 'Profile',
  tryAgain: 'Try again',
  loading: 'Loading…',
  sections: {
    personal: 'Personal Information',
    bank: 'Bank Account Information',
    password: 'Password',
    language: 'Language',
  },
  /** The language setting (the header picker's choice, kept in the profile). */
  language: {
    hint: 'The app and the mails we send you are in this language.',
  },
  /** The dashboard's profile card. */
  summary: {
    loadFailed: 'Your points and balance could not be loaded.',
    points: 'Points',
    referralId: 'Referral ID',
    balance: 'Balance',
  },
  personal: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    mobile: 'Mobile',
    dateOfBirth: 'Date of Birth',
    gender: 'Gender',
    maritalStatus: 'Marital Status',
    country: 'Country',
    city: 'City',
    state: 'State',
    address: 'Address',
    landmark: 'Landmark',
    pin: 'PIN Code',
    occupation: 'Occupation',
    qualification: 'Qualification',
    about: 'About',
    choose: 'Choose…',
    save: 'Save',
    /** Under the current password, shown once the email is changed. */
    emailPasswordHint: 'A new email needs your current password.',
  },
  password: {
    current: 'Current Password',
    new: 'New Password',
    confirm: 'Confirm Password',
    submit: 'Change Password',
  },
  bank: {
    onFile:
      'On file: {{bank}}, account <mono>{{account}}</mono>. Enter the full account number again to update the details.',
    holder: 'Account Holder Name',
    bankName: 'Bank Name',
    branch: 'Branch Name',
    accountNumber: 'Account Number',
    ifsc: 'IFSC Code',
    pan: 'PAN Card',
    submit: 'Update Bank Details',
    passwordHint: 'Withdrawals are paid to this account: enter your current password to save it.',
  },
  /** Where a withdrawal goes (in the wallet's withdraw form). */
  bankSummary: {
    loadFailed: 'The bank account could not be loaded.',
    none: 'No bank account on file. <profileLink>Add your bank details on Profile</profileLink>.',
    account: 'A/c <mono>{{account}}</mono> · {{ifsc}}',
  },
  photo: {
    alt: 'Your profile photo',
    altNone: 'No profile photo',
    progress: 'Upload progress',
    fileLabel: 'Profile photo file',
    uploading: 'Uploading…',
    upload: 'Upload Photo',
    remove: 'Remove Photo',
    rules: 'PNG, GIF or JPEG, at most 2 MB.',
  },
};
