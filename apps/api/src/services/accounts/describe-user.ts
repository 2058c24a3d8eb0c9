import { paiseToRupees, type MeData, type ProfileData } from '@app/contracts';
import type { UserRow } from './find-user.ts';
import { languageOf } from '../../lib/i18n.ts';

/** GET /me: who is signed in. */
export function describeMe(user: UserRow): MeData {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    profile_photo_path: user.profilePhotoPath,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    isStandardPicked: user.isStandardPicked,
    referral_code: user.referralCode,
    roles: user.roles,
    language: languageOf(user.language),
  };
}

/** GET /profile: every field of the spec's user profile; balance in rupees. */
export function describeProfile(user: UserRow): ProfileData {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    mobile: user.mobile,
    date_of_birth: user.dateOfBirth,
    gender_id: user.genderId,
    marital_status_id: user.maritalStatusId,
    country_id: user.countryId,
    city: user.city,
    state: user.state,
    address: user.address,
    landmark: user.landmark,
    pin: user.pin,
    occupation: user.occupation,
    qualification: user.qualification,
    about: user.about,
    points: user.points,
    balance: paiseToRupees(user.balancePaise),
    referral_code: user.referralCode,
    profile_photo_path: user.profilePhotoPath,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    isStandardPicked: user.isStandardPicked,
  };
}
