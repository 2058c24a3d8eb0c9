import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { ROLES, rolesBody, type Role } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { showServerError } from '../../utils/server-errors';
import { useUpdateUserRoles } from '../api/update-user-roles';

/** A user's roles: admin (the console) and learner (the app); at least one. */
export function RolesForm({ userId, roles }: { userId: number; roles: string[] }) {
  const update = useUpdateUserRoles();
  const [chosen, setChosen] = useState<Role[]>(ROLES.filter((role) => roles.includes(role)));
  const [error, setError] = useState<string>();
  const isChanged = ROLES.some((role) => chosen.includes(role) !== roles.includes(role));

  const toggle = (role: Role, isOn: boolean) => {
    setError(undefined);
    setChosen((current) => (isOn ? [...current, role] : current.filter((r) => r !== role)));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = rolesBody.safeParse({ roles: chosen });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    try {
      await update.mutateAsync({ id: userId, roles: chosen });
      notifications.success('Roles saved.');
    } catch (failure) {
      showServerError(failure, { setError: (_name, { message }) => setError(message), fields: ['roles'] });
    }
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Roles" className="d-flex flex-wrap align-items-center gap-3">
      {ROLES.map((role) => (
        <Form.Check
          key={role}
          type="checkbox"
          id={`role-${role}`}
          label={role === 'admin' ? 'Admin' : 'Learner'}
          checked={chosen.includes(role)}
          onChange={(event) => toggle(role, event.target.checked)}
        />
      ))}
      <SubmitButton isBusy={update.isPending} size="sm" disabled={!isChanged}>
        Save roles
      </SubmitButton>
      {error && (
        <div className="text-danger small w-100" role="alert">
          {error}
        </div>
      )}
    </Form>
  );
}
