import { passwordChecks } from '@app/contracts';
import { CheckIcon, CrossIcon } from '../icons';

/** The live password policy checklist (spec section 5): each line green when met, red when not. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="password-checklist list-unstyled small mt-2 mb-0" aria-label="Password requirements">
      {passwordChecks.map((check) => {
        const isMet = check.test(password);
        return (
          <li key={check.id} className={isMet ? 'text-success' : 'text-danger'} data-met={isMet}>
            {isMet ? <CheckIcon className="me-1" /> : <CrossIcon className="me-1" />}
            {check.label}
            <span className="visually-hidden">{isMet ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
