import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { CourseLanguage } from '@app/contracts';

/** The language a course is taught in, as a small badge ("Hindi"), named in the app's language. */
export function LanguageBadge({ language, className = '' }: { language: CourseLanguage; className?: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <Badge bg="light" text="dark" className={`border fw-normal ${className}`}>
      <span className="visually-hidden">{t('languageHidden')}</span>
      {t(`languageNames.${language}`)}
    </Badge>
  );
}
