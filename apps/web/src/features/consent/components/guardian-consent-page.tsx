import { useEffect, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLanguage, type GuardianConsentData } from '@app/contracts';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isServerMessage } from '@/lib/server-message';
import { useFormat } from '@/lib/format';
import { applyLanguage, currentLanguage } from '@/lib/i18n';
import { Brand } from '@/components/ui/brand';
import { DocumentTitle } from '@/components/ui/document-title';
import { LanguagePicker } from '@/components/ui/language-picker';
import { notifications } from '@/components/ui/notifications';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { useGiveConsent, useGuardianConsent, useGuardianPurchases, useWithdrawConsent } from '../api/guardian-consent';

/** The brand, the language picker (a parent may read another language than the child) and the legal links. */
function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('legal');
  return (
    <main className="auth-page">
      <div className="w-100" style={{ maxWidth: '44rem' }}>
        <div className="d-flex justify-content-end mb-2">
          <LanguagePicker />
        </div>
        <div className="text-center mb-4">
          <Brand />
        </div>
        {children}
        <nav className="text-center small mt-3 legal-links" aria-label={t('links.privacy')}>
          <Link to={paths.privacyPolicy.getHref()}>{t('links.privacy')}</Link>
          <span aria-hidden="true" className="mx-2">
            ·
          </span>
          <Link to={paths.terms.getHref()}>{t('links.terms')}</Link>
        </nav>
      </div>
    </main>
  );
}

/**
 * A pending link 7 days old, and any link of a learner now 18, answer 404 like an unknown one, with a message of
 * their own, in the language the page asked in (which the picker may have changed since): any of them.
 */
function isLinkAnswered(error: unknown, message: 'consentLinkExpired' | 'consentLinkAdult'): boolean {
  return isServerMessage(error, `consent.${message}`, 404);
}

const statusVariant: Record<string, string> = {
  paid: 'success',
  pending: 'secondary',
  failed: 'danger',
  refunded: 'warning',
};

function ChildPurchases({ token, child }: { token: string; child: string }) {
  const { t } = useTranslation('consent');
  const { inr, date } = useFormat();
  const purchases = useGuardianPurchases(token, true);
  return (
    <section aria-labelledby="child-purchases" className="mt-4">
      <h2 id="child-purchases" className="h5">
        {t('guardian.purchasesTitle', { child })}
      </h2>
      {purchases.isPending ? (
        <Spinner animation="border" size="sm" role="status" />
      ) : purchases.isError ? (
        <Alert variant="warning">{errorMessage(purchases.error)}</Alert>
      ) : purchases.data.length === 0 ? (
        <p className="text-body-secondary">{t('guardian.noPurchases')}</p>
      ) : (
        <ResponsiveTable regionLabel={t('guardian.purchasesTitle', { child })} size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">{t('guardian.item')}</th>
              <th scope="col" className="text-end">
                {t('guardian.amount')}
              </th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('guardian.date')}
              </th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('guardian.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {purchases.data.map((purchase) => {
              const status = (
                <Badge bg={statusVariant[purchase.status] ?? 'secondary'}>
                  {t(`guardian.statuses.${purchase.status as 'paid'}`, { defaultValue: purchase.status })}
                </Badge>
              );
              const item = purchase.kind === 'batch' ? t('guardian.batchFee', { name: purchase.item }) : purchase.item;
              return (
                <tr key={purchase.id}>
                  <td>
                    {item}
                    {(purchase.invoice_url ?? purchase.credit_note_url) && (
                      // The tax documents: the parent usually paid, and the GST invoice is theirs to keep.
                      <div className="d-flex flex-wrap column-gap-3 small">
                        {purchase.invoice_url && (
                          <a
                            href={purchase.invoice_url}
                            className="d-inline-block py-1"
                            aria-label={t('guardian.invoiceOf', { item })}
                          >
                            {t('guardian.invoice')}
                          </a>
                        )}
                        {purchase.credit_note_url && (
                          <a
                            href={purchase.credit_note_url}
                            className="d-inline-block py-1"
                            aria-label={t('guardian.creditNoteOf', { item })}
                          >
                            {t('guardian.creditNote')}
                          </a>
                        )}
                      </div>
                    )}
                    {/* On a phone the date and the status sit under the item instead of in columns of their own. */}
                    <div className="d-sm-none small text-body-secondary mt-1" aria-hidden="true">
                      {date(purchase.date)} {status}
                    </div>
                  </td>
                  <td className="text-end text-nowrap">{inr(purchase.amount)}</td>
                  <td className="text-nowrap d-none d-sm-table-cell">{date(purchase.date)}</td>
                  <td className="d-none d-sm-table-cell">{status}</td>
                </tr>
              );
            })}
          </tbody>
        </ResponsiveTable>
      )}
    </section>
  );
}

function Answer({ token, data }: { token: string; data: GuardianConsentData }) {
  const { t } = useTranslation('consent');
  const { date } = useFormat();
  const give = useGiveConsent(token);
  const withdraw = useWithdrawConsent(token);
  const [isTicked, setIsTicked] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const child = data.child_name;

  const run = async (mutation: typeof give) => {
    try {
      const { message } = await mutation.mutateAsync();
      notifications.success(message);
      setIsConfirming(false);
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  };

  if (data.status === 'pending') {
    return (
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (isTicked) void run(give);
        }}
        className="mt-4"
      >
        <Form.Check
          id="guardian-agree"
          type="checkbox"
          className="mb-3"
          checked={isTicked}
          onChange={(event) => setIsTicked(event.currentTarget.checked)}
          label={t('guardian.checkbox', { child })}
        />
        <Button type="submit" size="lg" disabled={!isTicked || give.isPending}>
          {t('guardian.agree')}
        </Button>
        <p className="small text-body-secondary mt-3 mb-0">{t('guardian.evidence')}</p>
      </Form>
    );
  }
  if (data.status === 'withdrawn') {
    return (
      <>
        <Alert variant="secondary" className="mt-4" role="status">
          <h2 className="h5">{t('guardian.withdrawnTitle')}</h2>
          <p className="mb-0">
            {t('guardian.withdrawnOn', { child, date: date(data.withdrawn_at ?? data.requested_at) })}
          </p>
        </Alert>
        <ChildPurchases token={token} child={child} />
      </>
    );
  }
  return (
    <>
      <Alert variant="success" className="mt-4" role="status">
        <h2 className="h5">{t('guardian.givenTitle')}</h2>
        <p className="mb-0">{t('guardian.givenOn', { child, date: date(data.given_at ?? data.requested_at) })}</p>
      </Alert>
      <ChildPurchases token={token} child={child} />
      <div className="mt-4 border-top pt-3">
        {isConfirming ? (
          <div role="group" aria-labelledby="withdraw-confirm">
            <p id="withdraw-confirm">{t('guardian.withdrawConfirm', { child })}</p>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="danger" disabled={withdraw.isPending} onClick={() => void run(withdraw)}>
                {t('guardian.withdraw')}
              </Button>
              <Button variant="outline-secondary" onClick={() => setIsConfirming(false)}>
                {t('guardian.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline-danger" onClick={() => setIsConfirming(true)}>
            {t('guardian.withdraw')}
          </Button>
        )}
      </div>
    </>
  );
}

/**
 * The guardian's page behind the consent link (public, no account): who asks, what the product does with
 * the child's data, what consent allows; the tick box and 'I agree'; afterwards the child's purchases and
 * 'Withdraw consent'. `lang` (from the link) opens it in the child's language; the picker changes it.
 */
export function GuardianConsentPage({ token, lang }: { token: string; lang?: string | null }) {
  const { t } = useTranslation('consent');
  const consent = useGuardianConsent(token);

  useEffect(() => {
    if (isLanguage(lang) && lang !== currentLanguage()) void applyLanguage(lang);
  }, [lang]);

  if (consent.isPending) {
    return (
      <Frame>
        <div className="text-center py-5">
          <Spinner animation="border" variant="primary" role="status" />
        </div>
      </Frame>
    );
  }
  if (consent.isError) {
    const isExpired = isLinkAnswered(consent.error, 'consentLinkExpired');
    const isAdult = isLinkAnswered(consent.error, 'consentLinkAdult');
    const isInvalid =
      consent.error instanceof ApiError && (consent.error.status === 404 || consent.error.status === 422);
    const title = isExpired
      ? t('guardian.expiredTitle')
      : isAdult
        ? t('guardian.adultTitle')
        : t('guardian.invalidTitle');
    return (
      <Frame>
        <DocumentTitle title={title} />
        <Card className="auth-card border-0 shadow-sm text-center">
          <Card.Body className="p-4 p-md-5">
            <h1 className="h3 mb-2">{isInvalid ? title : t('guardian.title')}</h1>
            <p className="text-body-secondary mb-0">
              {isExpired
                ? t('guardian.expired')
                : isAdult
                  ? t('guardian.adult')
                  : isInvalid
                    ? t('guardian.invalid')
                    : errorMessage(consent.error)}
            </p>
          </Card.Body>
        </Card>
      </Frame>
    );
  }

  const data = consent.data;
  const child = data.child_name;
  return (
    <Frame>
      <DocumentTitle title={t('guardian.title')} />
      <Card className="auth-card border-0 shadow-sm">
        <Card.Body className="p-4 p-md-5">
          <p className="text-uppercase small fw-semibold text-body-secondary mb-1">{t('guardian.title')}</p>
          <h1 className="h3 mb-3">{t('guardian.asks', { child })}</h1>
          <p>{t('guardian.intro', { child, guardian: data.guardian_name, app: env.appName })}</p>
          <h2 className="h6 fw-semibold mt-4">{t('guardian.dataTitle')}</h2>
          <ul>
            <li>{t('guardian.data1')}</li>
            <li>{t('guardian.data2')}</li>
            <li>{t('guardian.data3')}</li>
          </ul>
          <h2 className="h6 fw-semibold mt-3">{t('guardian.allowsTitle')}</h2>
          <ul>
            <li>{t('guardian.allows1')}</li>
            <li>{t('guardian.allows2')}</li>
            <li>{t('guardian.allows3')}</li>
          </ul>
          <p className="text-body-secondary">{t('guardian.without')}</p>
          <Answer token={token} data={data} />
        </Card.Body>
      </Card>
    </Frame>
  );
}
