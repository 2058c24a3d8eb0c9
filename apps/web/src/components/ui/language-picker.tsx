import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages, type Language } from '@app/contracts';
import { chooseLanguageProblem } from '@/lib/auth/save-language';
import { notifications } from '@/components/ui/notifications';
import { GlobeIcon } from '@/components/ui/icons';
import { DeferredDropdown } from './deferred-dropdown';

/** What the closed picker shows: short, so it fits a 360 px header beside the wallet and the avatar. */
const shortNames: Record<Language, string> = { en: 'EN', hi: 'हि', ml: 'മ' };

/** English, हिन्दी, മലയാളം: each in its own script, so a reader finds theirs whatever the app is in now. */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const choose = (language: Language) => {
    void chooseLanguageProblem(language).then((problem) => problem && notifications.error(problem));
  };
  return (
    <DeferredDropdown
      className={className}
      size="sm"
      toggleClassName="d-inline-flex align-items-center gap-1 language-toggle"
      toggleLabel={`${t('language')}: ${languageNames[current]}`}
      toggle={
        <>
          <GlobeIcon />
          <span lang={current}>{shortNames[current]}</span>
        </>
      }
      entries={languages.map((language) => ({
        kind: 'button',
        key: language,
        lang: language,
        isCurrent: language === current,
        onClick: () => choose(language),
        content: languageNames[language],
      }))}
    />
  );
}
