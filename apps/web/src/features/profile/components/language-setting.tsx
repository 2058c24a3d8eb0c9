import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages, type Language } from '@app/contracts';
import { chooseLanguageProblem } from '@/lib/auth/save-language';
import { notifications } from '@/components/ui/notifications';

/**
 * Profile's 'Language': the header picker's choice, where a learner looks for settings. The same
 * `chooseLanguageProblem` (shown at once, kept on the device and in the profile) and the same names, each
 * in its own script. The tapped choice stays checked while its texts and font load (a second or
 * more on a slow connection), rather than springing back until the page switches.
 */
export function LanguageSetting({ label }: { label: string }) {
  const { t, i18n } = useTranslation('profile');
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [requested, setRequested] = useState<Language | null>(null);
  const choose = (language: Language) => {
    setRequested(language);
    void chooseLanguageProblem(language).then((problem) => {
      if (problem) notifications.error(problem);
      setRequested(null);
    });
  };
  return (
    <Form.Group as="fieldset" aria-describedby="language-setting-hint">
      <legend className="visually-hidden">{label}</legend>
      {languages.map((language) => (
        <Form.Check
          key={language}
          type="radio"
          id={`language-setting-${language}`}
          name="language"
          className="mb-2"
          checked={language === (requested ?? current)}
          onChange={() => choose(language)}
          label={<span lang={language}>{languageNames[language]}</span>}
        />
      ))}
      <p id="language-setting-hint" className="small text-body-secondary mb-0">
        {t('language.hint')}
      </p>
    </Form.Group>
  );
}
