export { accountNumberHash, getBankDetails, saveBankDetails } from './bank-details.ts';
export { changePassword } from './change-password.ts';
export { cleanPhoto, ownPhotoKey, PHOTO_FOLDER, removeProfilePhoto, uploadProfilePhoto } from './profile-photo.ts';
export { updateLanguage } from './update-language.ts';
export { updateProfile } from './update-profile.ts';
