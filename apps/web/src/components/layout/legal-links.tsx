import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** 'Privacy Policy · Terms' (issue 16, part 8): under the sign-in pages' card and at the foot of the side menu. */
export function LegalLinks({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { t } = useTranslation('legal');
  return (
    <p className={`legal-links mb-0 ${className ?? ''}`}>
      <Link to={paths.privacyPolicy.getHref()} className="link-body-emphasis" onClick={onClick}>
        {t('links.privacy')}
      </Link>
      <span aria-hidden="true" className="mx-2 text-body-secondary">
        ·
      </span>
      <Link to={paths.terms.getHref()} className="link-body-emphasis" onClick={onClick}>
        {t('links.terms')}
      </Link>
    </p>
  );
}
