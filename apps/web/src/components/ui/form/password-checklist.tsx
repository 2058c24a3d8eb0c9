import { passwordChecks } from '@app/contracts';
import { CheckIcon, CrossIcon, DotIcon } from '../icons';

/**
 * The live password policy checklist (spec section 5): each line green when met, red when not.
 * Before anything is typed the lines are neutral (grey): an empty field has failed nothing yet.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const isTyped = password !== '';
  return (
    <ul id={id} className="password-checklist list-unstyled small mt-2 mb-0" aria-label="Password requirements">
      {passwordChecks.map((check) => {
        const isMet = check.test(password);
        const [className, Icon, status] = !isTyped
          ? ['text-body-secondary', DotIcon, '']
          : isMet ? ['text-success', CheckIcon, ' (met)'] : ['text-danger', CrossIcon, ' (not met)'];
        return (
          <li key={check.id} className={className} data-met={isMet}>
            <Icon className="me-1" />
            {check.label}
            {status && <span className="visually-hidden">{status}</span>}
          </li>
        );
      })}
    </ul>
  );
}
