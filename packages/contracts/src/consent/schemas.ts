import { z } from 'zod';
import { emailField, mobileField } from '../common/rules.ts';
import { consentMessages } from './messages.ts';
import { dateOfBirthProblem } from './age.ts';

const problemMessage = {
  invalid: consentMessages.dateOfBirthInvalid,
  future: consentMessages.dateOfBirthFuture,
  age: consentMessages.dateOfBirthAge,
} as const;

/**
 * A date of birth as the choose-level and consent forms take it (YYYY-MM-DD, a real day, not ahead,
 * an age of 5 to 100). Checked here against this device's clock; the server checks again against ctx.now().
 */
export const dateOfBirthField = z
  .string({ error: consentMessages.dateOfBirthRequired })
  .trim()
  .min(1, { error: consentMessages.dateOfBirthRequired, abort: true })
  .superRefine((value, ctx) => {
    const problem = dateOfBirthProblem(value.slice(0, 10), new Date());
    if (problem) ctx.addIssue({ code: 'custom', message: problemMessage[problem] });
  })
  .transform((v) => v.slice(0, 10));

/** The message for a date of birth's problem. */
export const dateOfBirthMessage = (problem: keyof typeof problemMessage): string => problemMessage[problem];

/** PUT /consent/dob: a learner without a date of birth gives it (first money action). */
export const dateOfBirthBody = z.object({ date_of_birth: dateOfBirthField });
export type DateOfBirthBody = z.input<typeof dateOfBirthBody>;

export const consentStatuses = ['not_needed', 'dob_needed', 'needed', 'pending', 'given', 'withdrawn'] as const;
export type ConsentStatus = (typeof consentStatuses)[number];

/** GET /consent: where the learner stands, the guardian's contact masked. */
export const consentData = z.object({
  status: z.enum(consentStatuses),
  /** True when money actions (pay, redeem, bank details, withdraw) are open. */
  allowed: z.boolean(),
  date_of_birth: z.string().nullable(),
  age: z.number().nullable(),
  guardian: z
    .object({
      name: z.string(),
      channel: z.enum(['email', 'mobile']),
      contact: z.string(),
    })
    .nullable(),
  requested_at: z.string().nullable(),
  given_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  /** A pending request whose link no longer answers (7 days): the learner asks again. */
  link_expired: z.boolean(),
});
export type ConsentData = z.infer<typeof consentData>;

/** What a guardian request's refusals say: to the learner (POST /consent), or to the operator naming one. */
export interface GuardianRequestWording {
  nameRequired: string;
  contactRequired: string;
}

/**
 * A parent or guardian named by email or by Indian mobile: the learner's POST /consent, and the
 * operator's POST /admin/users/{id}/guardian (the same fields, worded for the operator).
 */
export const guardianRequestBody = (wording: GuardianRequestWording) =>
  z
    .object({
      guardian_name: z
        .string({ error: wording.nameRequired })
        .trim()
        .min(1, { error: wording.nameRequired, abort: true })
        .max(100, 'At most 100 characters.'),
      channel: z.enum(['email', 'mobile']),
      /** The form sends what it parsed, so the unused contact arrives as null. */
      guardian_email: z.string().nullish(),
      guardian_mobile: z.string().nullish(),
    })
    .transform((v, ctx) => {
      if (v.channel === 'email') {
        const email = emailField(wording.contactRequired).safeParse(v.guardian_email ?? '');
        if (!email.success) {
          for (const issue of email.error.issues)
            ctx.addIssue({ code: 'custom', path: ['guardian_email'], message: issue.message });
          return z.NEVER;
        }
        return {
          guardian_name: v.guardian_name,
          channel: 'email' as const,
          guardian_email: email.data,
          guardian_mobile: null,
        };
      }
      const mobile = mobileField.safeParse(v.guardian_mobile ?? '');
      if (!mobile.success) {
        for (const issue of mobile.error.issues)
          ctx.addIssue({ code: 'custom', path: ['guardian_mobile'], message: issue.message });
        return z.NEVER;
      }
      return {
        guardian_name: v.guardian_name,
        channel: 'mobile' as const,
        guardian_email: null,
        guardian_mobile: mobile.data,
      };
    });

/** POST /consent: the learner names a parent or guardian, by email or by Indian mobile. */
export const askConsentBody = guardianRequestBody({
  nameRequired: consentMessages.guardianNameRequired,
  contactRequired: consentMessages.guardianContactRequired,
});
export type AskConsentBody = z.input<typeof askConsentBody>;
export type AskConsentInput = z.output<typeof askConsentBody>;

/** POST /consent's answer: the status, and for a mobile guardian the link to pass on (WhatsApp or copied). */
export const askConsentData = consentData.extend({
  /** Only for a guardian named by mobile: the link, shown once (only its hash is kept). */
  link: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
});
export type AskConsentData = z.infer<typeof askConsentData>;

export const guardianTokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** GET /guardian/consent/{token}: what the guardian reads before agreeing. */
export const guardianConsentData = z.object({
  status: z.enum(['pending', 'given', 'withdrawn']),
  child_name: z.string(),
  guardian_name: z.string(),
  language: z.enum(['en', 'hi', 'ml']),
  requested_at: z.string(),
  given_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
});
export type GuardianConsentData = z.infer<typeof guardianConsentData>;

/** POST /guardian/consent/{token}: the tick box. */
export const guardianAgreeBody = z.object({
  agree: z.literal(true, { error: consentMessages.agreeRequired }),
});
export type GuardianAgreeBody = z.input<typeof guardianAgreeBody>;

/** GET /guardian/consent/{token}/purchases: the child's purchases. */
export const guardianPurchasesData = z.array(
  z.object({
    id: z.number(),
    item: z.string(),
    /** A course, or a class (batch) fee. */
    kind: z.enum(['course', 'batch']),
    /** Rupees. */
    amount: z.number(),
    date: z.string(),
    status: z.string(),
    /** The GST tax invoice's PDF through the guardian's link; null when none was issued (free, unpaid). */
    invoice_url: z.string().nullable(),
    /** The credit note's PDF (a refund) through the guardian's link; null when none. */
    credit_note_url: z.string().nullable(),
  }),
);
export type GuardianPurchasesData = z.infer<typeof guardianPurchasesData>;
