import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminLearnerQuiz } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { UserQuizzes } from './user-quizzes';

const quiz = (overrides: Partial<AdminLearnerQuiz> = {}): AdminLearnerQuiz => ({
  subject_id: 11,
  subject_name: 'Motion',
  course_id: 3,
  course_name: 'Physics 9',
  attempts_used: 3,
  max_attempts: 3,
  granted_attempts: 0,
  best_mark_in_percentage: 30,
  pass_mark_percent: 40,
  passed: false,
  can_grant: true,
  ...overrides,
});
const grantPath = '/admin/users/7/quizzes/11/another-attempt';

describe('UserQuizzes (operator console)', () => {
  it('gives another attempt at a quiz whose attempts are used up, after a confirmation, and shows the new limit', async () => {
    let given = false;
    const server = mockApi({
      'GET /admin/users/7/quizzes': () =>
        ok([
          given ? quiz({ max_attempts: 4, granted_attempts: 1, can_grant: false }) : quiz(),
          quiz({
            subject_id: 12,
            subject_name: 'Force',
            attempts_used: 1,
            best_mark_in_percentage: 80,
            passed: true,
            can_grant: false,
          }),
        ]),
      [`POST ${grantPath}`]: () => {
        given = true;
        return ok(quiz({ max_attempts: 4, granted_attempts: 1, can_grant: false }), 'Another attempt given.');
      },
    });
    const { user } = renderWithProviders(<UserQuizzes userId={7} name="Asha Rao" />);
    const table = await screen.findByRole('table');
    const motion = within(table).getByText('Motion').closest('tr')!;
    expect(within(motion).getByText('3 of 3')).toBeInTheDocument();
    expect(within(motion).getByText('attempts used up')).toBeInTheDocument();
    const force = within(table).getByText('Force').closest('tr')!;
    expect(within(force).getByText('passed')).toBeInTheDocument();
    // Only the quiz whose attempts are used up without a pass has the button.
    expect(screen.getAllByRole('button', { name: /Give another attempt/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Give another attempt at Motion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give another attempt?' });
    expect(dialog).toHaveTextContent('Asha Rao has used all 3 attempts at the quiz of Motion (Physics 9)');
    expect(server.callsTo('POST', grantPath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Give another attempt' }));

    expect(await screen.findByText('Another attempt given.')).toBeInTheDocument();
    expect(server.callsTo('POST', grantPath)).toHaveLength(1);
    await waitFor(() => expect(within(motion).getByText('3 of 4')).toBeInTheDocument());
    expect(within(motion).getByText('1 given by an operator')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Give another attempt/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /admin/users/7/quizzes': ok([quiz()]),
      [`POST ${grantPath}`]: fail(400, 'This learner has passed this quiz: they need no other attempt.'),
    });
    const { user } = renderWithProviders(<UserQuizzes userId={7} name="Asha Rao" />);
    await user.click(await screen.findByRole('button', { name: 'Give another attempt at Motion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give another attempt?' });
    await user.click(within(dialog).getByRole('button', { name: 'Give another attempt' }));
    expect(
      await screen.findByText('This learner has passed this quiz: they need no other attempt.'),
    ).toBeInTheDocument();
  });

  it('says when the learner has taken no quiz', async () => {
    mockApi({ 'GET /admin/users/7/quizzes': ok([]) });
    renderWithProviders(<UserQuizzes userId={7} name="Asha Rao" />);
    expect(await screen.findByText('No quiz taken yet.')).toBeInTheDocument();
  });
});
