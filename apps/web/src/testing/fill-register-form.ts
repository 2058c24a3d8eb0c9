import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Fills the Register form with a valid learner (Ravi Kumar) and ticks the terms; the caller submits. */
export async function fillRegisterForm(user: UserEvent): Promise<void> {
  await user.type(screen.getByLabelText('First Name'), 'Ravi');
  await user.type(screen.getByLabelText('Last Name'), 'Kumar');
  await user.type(screen.getByLabelText('Email'), 'ravi@example.com');
  await user.type(screen.getByLabelText('Mobile'), '9876543210');
  await user.type(screen.getByLabelText('Password'), 'Strong@123');
  await user.type(screen.getByLabelText('Confirm Password'), 'Strong@123');
  await user.click(screen.getByRole('checkbox'));
}
