import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { ChatIcon } from '@/components/ui/icons';
import { copyToClipboard } from '@/lib/copy-to-clipboard';

/**
 * For a guardian named by mobile: there is no SMS gateway, so the learner sends the link on WhatsApp
 * (wa.me with the message typed in, in the learner's language) or copies it (decision 024).
 */
export function ShareConsentLink({
  guardianName,
  link,
  whatsappUrl,
}: {
  guardianName: string;
  link: string;
  whatsappUrl: string | null;
}) {
  const { t } = useTranslation('consent');
  return (
    <section aria-labelledby="share-consent-title" className="border rounded p-3 mb-3 bg-body-tertiary">
      <h3 id="share-consent-title" className="h6">
        {t('share.title', { name: guardianName })}
      </h3>
      <p className="small mb-2">{t('share.intro', { name: guardianName })}</p>
      <Form.Control
        readOnly
        value={link}
        aria-label={t('share.copy')}
        className="mb-2 font-monospace small"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="d-flex flex-wrap gap-2">
        {whatsappUrl && (
          <a
            className="btn btn-success d-inline-flex align-items-center gap-1"
            href={whatsappUrl}
            target="_blank"
            rel="noreferrer"
          >
            <ChatIcon /> {t('share.whatsapp')}
          </a>
        )}
        <Button variant="outline-primary" onClick={() => void copyToClipboard(link)}>
          {t('share.copy')}
        </Button>
      </div>
    </section>
  );
}
