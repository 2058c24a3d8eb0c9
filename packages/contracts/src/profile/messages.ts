/** Profile messages the spec leaves open; the required-field ones are in common/messages.ts. */
export const profileMessages = {
  profileUpdated: 'Profile updated successfully.',
  passwordChanged: 'Password changed successfully.',
  currentPasswordRequired: 'Enter Current Password',
  currentPasswordWrong: 'The current password is incorrect.',
  bankDetailsSaved: 'Bank details updated successfully.',
  accountNumberInvalid: 'Invalid Account Number',
  dateOfBirthInvalid: 'Enter a valid date of birth (YYYY-MM-DD).',
  dateOfBirthFuture: 'Date of birth cannot be in the future.',
  genderInvalid: 'Choose a valid gender.',
  maritalStatusInvalid: 'Choose a valid marital status.',
  countryInvalid: 'Choose a valid country.',
  pinInvalid: 'Invalid PIN code.',
  photoUpdated: 'Profile photo updated.',
  photoRemoved: 'Profile photo removed.',
  photoRequired: 'Choose a photo to upload.',
  photoType: 'The photo must be a PNG, GIF or JPEG image.',
  photoTooLarge: 'The photo must be at most 2 MB.',
  photoTooWide: 'The photo must be at most 4096 × 4096 pixels.',
  languageInvalid: 'Choose English, Hindi or Malayalam.',
  languageSaved: 'Language saved.',
} as const;

/** GET /master's genders and marital statuses (migration 0002): sent in English, shown in the learner's language. */
export const masterDataNames = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  single: 'Single',
  married: 'Married',
  divorced: 'Divorced',
  widowed: 'Widowed',
} as const;
