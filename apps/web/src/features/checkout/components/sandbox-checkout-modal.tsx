import { useEffect, useEffectEvent, useRef } from 'react';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from 'react-i18next';
import {
  SANDBOX_MESSAGE_SOURCE,
  type Language,
  type ProviderPaymentResponse,
  type SandboxCheckoutMessage,
} from '@app/contracts';
import { currentLanguage } from '@/lib/i18n';

interface SandboxCheckoutModalProps {
  /** The sandbox checkout page of the order (POST /checkout's checkout_url); null: closed. */
  checkoutUrl: string | null;
  orderId: string | null;
  onSuccess: (response: ProviderPaymentResponse) => void;
  onDismiss: () => void;
}

/** The page in the app's language: a frame's request carries the browser's languages, not the learner's choice. */
function inLanguage(url: string, language: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;
}

function isSandboxMessage(data: unknown): data is SandboxCheckoutMessage {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === SANDBOX_MESSAGE_SOURCE;
}

/**
 * The sandbox provider's checkout (UPI, card, netbanking) in a frame, standing in for Razorpay's modal. The page posts
 * 'success' (handler), 'failed' (it stays open for another card) or 'dismiss' (ondismiss) to its
 * parent, from this origin (apps/api/src/routes/sandbox/checkout-script.ts).
 */
export function SandboxCheckoutModal({ checkoutUrl, orderId, onSuccess, onDismiss }: SandboxCheckoutModalProps) {
  // useTranslation re-renders on a change of language, so the frame follows it.
  const { t } = useTranslation('checkout');
  const frame = useRef<HTMLIFrameElement>(null);

  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (event.origin !== window.location.origin || !isSandboxMessage(event.data)) return;
    if (frame.current && event.source !== frame.current.contentWindow) return;
    if (orderId && event.data.order_id !== orderId) return;
    if (event.data.type === 'success') onSuccess(event.data.response);
    else if (event.data.type === 'dismiss') onDismiss();
  });

  useEffect(() => {
    if (!checkoutUrl) return undefined;
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [checkoutUrl]);

  return (
    <Modal
      show={checkoutUrl !== null}
      onHide={onDismiss}
      centered
      backdrop="static"
      aria-labelledby="sandbox-checkout-title"
    >
      <Modal.Header closeButton closeLabel={t('sandbox.cancel')}>
        <Modal.Title id="sandbox-checkout-title" as="h2" className="h6 mb-0">
          {t('sandbox.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0">
        {checkoutUrl && (
          <iframe
            ref={frame}
            src={inLanguage(checkoutUrl, currentLanguage())}
            title={t('sandbox.frame')}
            className="sandbox-checkout-frame w-100 border-0 d-block"
          />
        )}
      </Modal.Body>
    </Modal>
  );
}
