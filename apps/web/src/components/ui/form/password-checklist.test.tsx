import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordChecks } from '@app/contracts';
import { PasswordChecklist } from './password-checklist';

const items = () => within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');

describe('PasswordChecklist', () => {
  it('is neutral (grey, nothing failed) before anything is typed', () => {
    render(<PasswordChecklist id="checks" password="" />);
    expect(items()).toHaveLength(passwordChecks.length);
    for (const item of items()) {
      expect(item).toHaveClass('text-body-secondary');
      expect(item).not.toHaveClass('text-danger');
      expect(item).not.toHaveTextContent(/met/);
    }
  });

  it('turns each rule green or red once something is typed', () => {
    render(<PasswordChecklist id="checks" password="a" />);
    expect(screen.getByText('One lowercase letter').closest('li')).toHaveClass('text-success');
    expect(screen.getByText('One uppercase letter').closest('li')).toHaveClass('text-danger');
    expect(screen.getByText('One uppercase letter').closest('li')).toHaveTextContent('(not met)');
  });
});
