import { useTranslation } from 'react-i18next';
import { ineligibleReasonText, type IneligibleReason } from '@app/contracts';

/** The server sends the reason as its English sentence (ineligibleReasonSentence): back to its code. */
const reasonCodes = new Map(
  Object.entries(ineligibleReasonText).map(([code, text]) => [text, code as IneligibleReason]),
);

/**
 * Why a sub-user earns the referrer nothing, in the app's language: a known sentence is translated,
 * any other stored text (an operator's own words) is shown as it is.
 */
export function useIneligibleReason(): (reason: string) => string {
  const { t } = useTranslation('referrals');
  return (reason) => {
    const code = reasonCodes.get(reason);
    return code ? t(`reasons.${code}`) : reason;
  };
}
