/** How long a guardian can answer a pending request's link (decision 024). */
export const CONSENT_LINK_DAYS = 7;

/** Requests made at or before this instant have links that no longer answer at `now`. */
export function consentLinkCutoff(now: Date): Date {
  return new Date(now.getTime() - CONSENT_LINK_DAYS * 86_400_000);
}

/**
 * True when a pending request is 7 days old or more: its link answers 404 as a superseded one does, and
 * the learner asks again. An answered link (given, withdrawn) never expires: the guardian keeps seeing
 * the purchases and can withdraw at any time.
 */
export function isConsentLinkExpired(consent: { status: string; createdAt: Date }, now: Date): boolean {
  return consent.status === 'pending' && consent.createdAt <= consentLinkCutoff(now);
}
