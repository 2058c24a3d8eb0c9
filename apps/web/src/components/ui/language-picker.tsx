import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages, type Language } from '@app/contracts';
import { chooseLanguage } from '@/lib/auth/save-language';
import { notifications } from '@/components/ui/notifications';
import { GlobeIcon } from '@/components/ui/icons';

/** What the closed picker shows: short, so it fits a 360 px header beside the wallet and the avatar. */
const shortNames: Record<Language, string> = { en: 'EN', hi: 'हि', ml: 'മ' };

/** English, हिन्दी, മലയാളം: each in its own script, so a reader finds theirs whatever the app is in now. */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const choose = (language: Language) => {
    chooseLanguage(language).catch(() => notifications.error(t('languageChanged')));
  };
  return (
    <Dropdown align="end" className={className}>
      <Dropdown.Toggle
        variant="light"
        size="sm"
        className="d-inline-flex align-items-center gap-1 language-toggle"
        aria-label={`${t('language')}: ${languageNames[current]}`}
      >
        <GlobeIcon />
        <span lang={current}>{shortNames[current]}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {languages.map((language) => (
          <Dropdown.Item
            key={language}
            as="button"
            type="button"
            lang={language}
            active={language === current}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => choose(language)}
          >
            {languageNames[language]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
