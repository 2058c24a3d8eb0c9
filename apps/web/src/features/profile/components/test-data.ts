import type { MasterData, ProfileData } from '@app/contracts';

export const profile = (overrides: Partial<ProfileData> = {}): ProfileData => ({
  first_name: 'Asha',
  last_name: 'Nair',
  email: 'asha@example.com',
  mobile: '9876543210',
  date_of_birth: '2009-05-14',
  gender_id: 2,
  marital_status_id: null,
  country_id: 1,
  city: 'Kochi',
  state: 'Kerala',
  address: null,
  landmark: null,
  pin: '682001',
  occupation: null,
  qualification: 'Class 10',
  about: null,
  points: 120,
  balance: 349.5,
  referral_code: 'ABCD2345',
  profile_photo_path: null,
  email_verified_at: '2025-01-01T00:00:00.000Z',
  isStandardPicked: true,
  ...overrides,
});

export const master: MasterData = {
  countries: [
    { id: 1, country_name: 'India', iso_code: 'IN' },
    { id: 2, country_name: 'Nepal', iso_code: 'NP' },
  ],
  genders: [
    { id: 1, name: 'Male' },
    { id: 2, name: 'Female' },
  ],
  maritals: [{ id: 1, name: 'Single' }],
};
