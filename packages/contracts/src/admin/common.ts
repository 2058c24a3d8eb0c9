import { z } from 'zod';
import { rupeesInput, RUPEES_MAX, wholeNumberInput } from '../common/amounts.ts';
import { ID_MAX, pageNumberField, perPageField, positiveId } from '../common/rules.ts';
import { isCalendarDate } from '../consent/age.ts';

/** Operator console messages (issue 6). */
export const adminMessages = {
  invalidId: 'Invalid id.',
  saved: 'Saved.',
  created: 'Created.',
  deleted: 'Deleted.',
  notFound: 'Not found.',
  inUse: 'This is still in use and cannot be deleted.',
  nameRequired: 'Name is required.',
  nameTaken: 'This name is already used.',
  categoryInUse: 'This category still has courses. Move or delete them first.',
  courseHasPurchases: 'This course has been bought. Unpublish it instead of deleting it.',
  courseNotFound: 'No such course.',
  categoryNotFound: 'No such category.',
  batchNotFound: 'No such batch.',
  termNotFound: 'No such term.',
  subjectNotFound: 'No such subject.',
  questionNotFound: 'No such question.',
  syllabusNotFound: 'No such syllabus.',
  standardNotFound: 'No such standard.',
  standardNotOfSyllabus: 'This standard does not belong to the syllabus.',
  batchExists: 'This syllabus and standard already have a batch.',
  adNotFound: 'No such ad.',
  offerCodeNotFound: 'No such offer code.',
  offerCodeTaken: 'This offer code already exists.',
  offerCodeUsed: 'This offer code has been used. Switch it off instead of deleting it.',
  userNotFound: 'No such user.',
  quizAttemptsLeft:
    'This learner has not used all their attempts at this quiz: give another only once every attempt is submitted and none passed.',
  quizAlreadyPassed: 'This learner has passed this quiz: they need no other attempt.',
  quizAttemptGranted:
    'Another attempt given: the learner can retake this quiz once the cool-down since their last attempt has passed.',
  eraseReferenceRequired: 'Enter the request this comes from: the email or ticket that asked for the deletion.',
  eraseConfirmWrong: "Type the learner's email exactly as shown to confirm.",
  eraseAdmin: "An operator's account cannot be erased here: take away the admin role first.",
  erasePendingWithdrawal:
    'This learner has a withdrawal waiting or being paid: settle or reject it first, as money may still be on its way.',
  alreadyErased: "This learner's personal data has already been deleted.",
  eraseConflict:
    'The deletion could not be finished: another account holds a value it writes. Nothing was deleted; try again.',
  erased: 'Personal data deleted. Invoices, payments and the ledger are kept, as tax law requires.',
  deletedLearner: 'Deleted learner',
  purchaseNotFound: 'No such purchase.',
  withdrawalNotFound: 'No such withdrawal.',
  priceRequired: 'Price is required.',
  priceInvalid: 'Enter a valid amount in rupees (at most two decimals).',
  offerAbovePrice: 'The offer price cannot be more than the price.',
  fileRequired: 'Choose a file to upload.',
  fileTooLarge: 'The file is too large.',
  formUnreadable: 'The form could not be read. Please choose the file again.',
  imageType: 'The image must be a PNG, GIF or JPEG image.',
  pdfType: 'The file must be a PDF document.',
  videoType: 'The file must be an MP4 video.',
  chapterFileType: 'The file must be a PDF document or an MP4 video.',
  uploadNotFound: 'This upload has expired or was never started. Please choose the file again.',
  uploadAlreadyAttached: 'This upload is already the file of another chapter. Choose Save again to upload it anew.',
  urlInvalid: 'Enter a valid https:// URL.',
  youtubeUrlInvalid: 'Enter a YouTube video URL (youtube.com or youtu.be).',
  fileOrUrlRequired: 'Upload an image or give its URL.',
  questionInDrawnQuiz: 'Learners have already drawn this question in a quiz. Edit it instead of deleting it.',
  importHasErrors: 'The file has errors; nothing was imported.',
  importNoRows: 'The file has no questions.',
  importHeaderInvalid:
    'line 1: the header must be question,option_1,option_2,option_3,option_4,option_5,correct_option, optionally with explanation',
  csvRequired: 'Upload a CSV file or paste its text.',
  imported: (n: number) => `${n} question${n === 1 ? '' : 's'} imported.`,
  notPaid: 'Only a paid purchase can be refunded.',
  alreadyRefunded: 'This purchase is already refunded.',
  refundInProgress: 'A refund of this purchase is already in progress.',
  disputeOpen:
    "A dispute is open on this payment: accept it in Razorpay's dashboard instead; the purchase is refunded when the dispute is lost.",
  refundFailed: 'The payment provider refused the refund. Nothing was changed; please try again later.',
  refundUnanswered:
    'The payment provider did not answer, so the refund may or may not have been made. Try again: a refund it made is found, never made twice.',
  refunded: 'Purchase refunded.',
  alreadySettled: 'Already settled',
  bankReferenceUsed: "This bank reference is already recorded for another learner's withdrawal.",
  withdrawalNeedsConsent:
    "This learner is under 18 and their guardian's consent is not in force: reject the withdrawal instead of paying it.",
  settled: 'Withdrawal settled.',
  withdrawalBeingPaid: 'Another operator has started paying this withdrawal: only they can settle it.',
  payoutStarted: 'Payment started: this withdrawal is yours to settle.',
  takeOverNotStarted: 'Nobody has started paying this withdrawal: open Mark as Done to pay it.',
  takeOverOwn: 'You are already paying this withdrawal.',
  takeOverTooSoon: (name: string, at: string) =>
    `${name} has been paying this withdrawal for less than 24 hours: it can be taken over from ${at}.`,
  takeOverConfirmRequired:
    "Confirm that you checked the bank statement and the other operator's transfer did not go out.",
  takenOver: 'Taken over: this withdrawal is yours to settle.',
  notPaidOut: 'Only a withdrawal marked Done can be returned by the bank.',
  returnedReferenceRequired: 'Enter the bank reference of the transfer that came back.',
  returnedReferenceWrong:
    'This withdrawal was not paid with that bank reference: check the returned transfer, and that this is its withdrawal.',
  alreadyReturned: 'This withdrawal was already returned: its amount is back in the wallet.',
  returnedByBank: 'Withdrawal returned: the amount is back in the wallet.',
  bankReferenceRequired: 'Enter the bank reference.',
  reasonRequired: 'Enter the reason for rejecting.',
  settleStatusInvalid: "status must be 'Done' or 'Rejected'.",
  notHeld: 'This sign-up is not held for review.',
  released: 'Sign-up released.',
  rejected: 'Sign-up rejected.',
  rolesInvalid: "Roles must be a list of 'admin' and 'learner'.",
  ownAdminRole: 'You cannot remove your own admin role.',
  dateOfBirthCorrected: 'Date of birth corrected.',
  guardianNameRequired: "Enter the guardian's name.",
  guardianContactRequired: "Enter the guardian's email or mobile number.",
  guardianIsLearner: "That is the learner's own email or mobile number: enter the guardian's.",
  guardianNamedMailed: 'Guardian named. The consent link was mailed to them.',
  guardianNamedShare: 'Guardian named. Send them the consent link below.',
  levelsInvalid: 'Give at least one level.',
  levelNumbersUnique: 'Level numbers must be unique.',
  dateInvalid: 'Enter a valid date and time (ISO 8601).',
  dayInvalid: 'Enter a valid date (YYYY-MM-DD).',
  validUntilBeforeFrom: 'The end of the validity window must be after its start.',
  percentAbove100: 'A percentage discount cannot be more than 100.',
  codeInvalid: 'Codes are 3 to 50 letters, digits, - or _.',
  codeTooGuessable:
    "A free code or a batch's own code needs at least 10 characters, so nobody finds it by trying words: Generate makes a random one.",
} as const;

/** A positive database id, from a path or a form field. */
export const idField = positiveId(adminMessages.invalidId);

export const idParams = z.object({ id: idField });
export const userIdParams = z.object({ userId: idField });

/** ?page=&per_page= (20 a page unless asked). */
export const pageQuery = z.object({ page: pageNumberField.default(1), per_page: perPageField.default(20) });
export type PageQuery = z.output<typeof pageQuery>;

/** A page of rows, the shape every admin list answers. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    last_page: z.number(),
  });

export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/**
 * Rupees with at most two decimals, 0 to 1 crore, as a JSON number or a plain decimal string
 * (the wallet's `rupeesInput`: no hex, exponents, NaN or signs).
 */
export const rupeesField = (
  required: string = adminMessages.priceRequired,
  invalid: string = adminMessages.priceInvalid,
) => rupeesInput(required, invalid, { min: 0, max: RUPEES_MAX });

/** A whole number in [min, max], as a JSON integer or a plain digit string (the wallet's `wholeNumberInput`). */
export const intField = (label: string, min: number, max: number = ID_MAX) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return wholeNumberInput(`${label} is required.`, message, { min, max });
};

/** true/false from JSON or a form field ('true', 'false', '1', '0', 'on'). */
export const booleanField = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const t = v.trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(t)) return true;
      if (['false', '0', 'off', 'no', ''].includes(t)) return false;
      return v;
    },
    z.boolean({ error: `${label} must be true or false.` }),
  );

/** Text that may be empty (→ ''), at most `max` characters. */
export const plainText = (max: number) =>
  z.string({ error: 'Must be text.' }).trim().max(max, `At most ${max} characters.`);

/** Required text with a message naming the field. */
export const namedText = (message: string, max = 191) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, `At most ${max} characters.`);

/** An https URL (http allowed only for localhost, for development). */
export const httpsUrlField = z
  .string({ error: adminMessages.urlInvalid })
  .trim()
  .max(2000, adminMessages.urlInvalid)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (
        url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))
      );
    } catch {
      return false;
    }
  }, adminMessages.urlInvalid);

/** An optional id (null, '' or absent means none). */
export const optionalIdField = z.preprocess((v) => (v === '' ? null : v), idField.nullable());

/**
 * An ISO 8601 date-time (or YYYY-MM-DD) a person can mean: years 1900 to 9999. Year 0000 and five-digit years parse
 * in JavaScript but PostgreSQL refuses them (a 500 where a 422 belongs).
 */
export function isIsoDateTime(value: string): boolean {
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return false;
  if (!isCalendarDay(v.slice(0, 10))) return false;
  const time = Date.parse(v);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}

/**
 * A day of the calendar as YYYY-MM-DD (isCalendarDate: JavaScript reads 2026-02-30 as 2 March), years 1900 to 9999
 * (PostgreSQL refuses year 0000).
 */
export function isCalendarDay(value: string): boolean {
  return isCalendarDate(value) && value >= '1900';
}

/** A calendar day, YYYY-MM-DD (isCalendarDay); `dayInvalid` otherwise. */
export const calendarDay = z
  .string({ error: adminMessages.dayInvalid })
  .trim()
  .refine(isCalendarDay, adminMessages.dayInvalid);

/** isIsoDateTime as a Date; `dateInvalid` otherwise. */
export const isoDateTime = z
  .string({ error: adminMessages.dateInvalid })
  .refine(isIsoDateTime, adminMessages.dateInvalid)
  .transform((v) => new Date(v.trim()));

/** ISO 8601 date-time (or YYYY-MM-DD), null for none. */
export const dateTimeField = z.preprocess((v) => (v === '' ? null : v), isoDateTime.nullable());

/** A person as admin lists show them. */
export const personRef = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof personRef>;
