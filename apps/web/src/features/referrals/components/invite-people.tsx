import { useId, useState, type CSSProperties } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from 'react-i18next';
import { ChatIcon, ShareIcon } from '@/components/ui/icons';
import { notifications } from '@/components/ui/notifications';
import { env } from '@/config/env';
import { useMe } from '@/lib/auth/get-me';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { referralLink } from '../utils/referral-link';
import { CopyIcon } from './copy-icon';

/** wa.me opens WhatsApp on a phone and WhatsApp Web on a desktop, with the message (in the learner's language) typed in. */
function whatsAppShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** The Web Share API (most Android phones, Safari); absent on most desktop browsers. */
function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** 40 px over Bootstrap's 500 px, so the three buttons share one row from 576 px up. */
const modalWidth = { '--bs-modal-width': '540px' } as CSSProperties;
const actionClass = 'flex-grow-1 flex-sm-grow-0 d-inline-flex align-items-center justify-content-center gap-2';

/**
 * 'Invite People': a modal with the registration link and 'Copy Link' (docs/product/referrals-and-levels.md#invite-link),
 * plus 'Share on WhatsApp' and, where the browser has a share sheet, 'Share…' (issue 16).
 */
export function InvitePeople({ className }: { className?: string }) {
  const { t } = useTranslation('referrals');
  const [isOpen, setIsOpen] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const code = useMe().data?.referral_code;
  const link = code ? referralLink(code) : '';
  const titleId = useId();
  const inputId = useId();

  async function share() {
    setIsSharing(true);
    try {
      await navigator.share({
        title: t('invite.messageTitle', { appName: env.appName }),
        text: t('invite.shareText', { appName: env.appName }),
        url: link,
      });
    } catch (error) {
      // The learner closing the share sheet is not a failure.
      if (!isAbort(error)) notifications.error(t('invite.shareFailed'));
    } finally {
      setIsSharing(false);
    }
  }

  return (
    <>
      <Button variant="primary" className={className} disabled={!code} onClick={() => setIsOpen(true)}>
        {t('invite.button')}
      </Button>
      <Modal show={isOpen} onHide={() => setIsOpen(false)} centered aria-labelledby={titleId} style={modalWidth}>
        <Modal.Header closeButton closeLabel={t('invite.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('invite.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">{t('invite.intro')}</p>
          <Form.Label htmlFor={inputId}>{t('invite.linkLabel')}</Form.Label>
          {/* A textarea so the whole link shows, wrapped, on a phone too. */}
          <Form.Control
            as="textarea"
            id={inputId}
            rows={2}
            value={link}
            readOnly
            className="font-monospace"
            style={{ resize: 'none' }}
            onFocus={(event) => event.currentTarget.select()}
          />
          {/* On a phone the buttons fill the row and wrap; from 576 px up they sit at the right. */}
          <div className="d-flex flex-wrap justify-content-sm-end gap-2 mt-3">
            {/* A plain link, not a role=button anchor: it opens another site in a new tab. */}
            <a
              className={`btn btn-success ${actionClass}`}
              href={whatsAppShareUrl(t('invite.whatsAppText', { appName: env.appName, link }))}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon /> {t('invite.whatsApp')}
            </a>
            {canShareNatively() && (
              <Button
                variant="outline-secondary"
                className={actionClass}
                disabled={isSharing}
                onClick={() => void share()}
              >
                <ShareIcon /> {t('invite.share')}
              </Button>
            )}
            <Button variant="primary" className={actionClass} onClick={() => void copyToClipboard(link)}>
              <CopyIcon /> {t('invite.copyLink')}
            </Button>
          </div>
        </Modal.Body>
      </Modal>
    </>
  );
}
