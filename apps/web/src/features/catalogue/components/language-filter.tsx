import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { COURSE_LANGUAGES, languageNames, type CourseLanguage } from '@app/contracts';

interface LanguageFilterProps {
  /** undefined: 'All languages'. */
  selected: CourseLanguage | undefined;
  onSelect: (language: CourseLanguage | undefined) => void;
}

const isCourseLanguage = (value: string): value is CourseLanguage =>
  (COURSE_LANGUAGES as readonly string[]).includes(value);

/** 'All languages', then each language named in itself (English, हिन्दी, മലയാളം), so a reader finds theirs. */
export function LanguageFilter({ selected, onSelect }: LanguageFilterProps) {
  const { t } = useTranslation('catalogue');
  return (
    <Form.Select
      size="sm"
      className="language-filter rounded-pill"
      aria-label={t('filters.language')}
      value={selected ?? 'all'}
      onChange={(event) => onSelect(isCourseLanguage(event.target.value) ? event.target.value : undefined)}
    >
      <option value="all">{t('filters.allLanguages')}</option>
      {COURSE_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {languageNames[language]}
        </option>
      ))}
    </Form.Select>
  );
}

/** The `?language=` of the Courses page's address, or undefined ('All languages') when absent or unknown. */
export function courseLanguageParam(value: string | null): CourseLanguage | undefined {
  return value !== null && isCourseLanguage(value) ? value : undefined;
}
