import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, passwordChecks } from '@app/contracts';
import { CheckIcon, CrossIcon, DotIcon } from '../icons';

/**
 * The live password policy checklist (docs/product/validation-and-errors.md#password-policy): each line green when met, red when not.
 * Before anything is typed the lines are neutral (grey): an empty field has failed nothing yet.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('common');
  const isTyped = password !== '';
  return (
    <ul id={id} className="password-checklist list-unstyled small mt-2 mb-0" aria-label={t('password.requirements')}>
      {passwordChecks.map((check) => {
        const isMet = check.test(password);
        const [className, Icon, status] = !isTyped
          ? ['text-body-secondary', DotIcon, '']
          : isMet
            ? ['text-success', CheckIcon, t('password.met')]
            : ['text-danger', CrossIcon, t('password.notMet')];
        return (
          <li key={check.id} className={className} data-met={isMet}>
            <Icon className="me-1" />
            {t(`password.checks.${check.id}`, { min: PASSWORD_MIN_LENGTH })}
            {status && <span className="visually-hidden">{` ${status}`}</span>}
          </li>
        );
      })}
    </ul>
  );
}
