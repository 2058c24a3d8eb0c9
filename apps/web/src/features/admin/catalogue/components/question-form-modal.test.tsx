import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminQuestion } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { QuestionFormModal } from './question-form-modal';

const question: AdminQuestion = {
  id: 9,
  subject_id: 5,
  question: 'Capital of India?',
  option_1: 'Delhi',
  option_2: 'Mumbai',
  option_3: null,
  option_4: null,
  option_5: null,
  correct_option: 1,
  explanation: 'The capital since 1911.',
};

describe('QuestionFormModal', () => {
  it('adds a question with an optional explanation, sent as null when left empty', async () => {
    const server = mockApi({ 'POST /admin/subjects/5/questions': ok({ ...question, explanation: null }, 'Created.') });
    let closed = false;
    const { user } = renderWithProviders(
      <QuestionFormModal
        subjectId={5}
        termId={2}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    const explanation = screen.getByLabelText('Explanation (optional)');
    expect(explanation).toHaveAccessibleDescription(
      'Why the correct option is right. Learners see it with their result.',
    );
    await user.type(screen.getByLabelText('Question'), 'Capital of India?');
    await user.type(screen.getByLabelText('Option 1'), 'Delhi');
    await user.type(screen.getByLabelText('Option 2'), 'Mumbai');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(server.callsTo('POST', '/admin/subjects/5/questions')[0]?.body).toMatchObject({
      question: 'Capital of India?',
      explanation: null,
    });
  });

  it('edits the explanation of a question', async () => {
    const server = mockApi({
      'PUT /admin/questions/9': ok({ ...question, explanation: 'New Delhi since 1931.' }, 'Saved.'),
    });
    const { user } = renderWithProviders(
      <QuestionFormModal subjectId={5} termId={2} question={question} onClose={() => {}} />,
    );
    const explanation = screen.getByLabelText('Explanation (optional)');
    expect(explanation).toHaveValue('The capital since 1911.');
    await user.clear(explanation);
    await user.type(explanation, 'New Delhi since 1931.');
    await user.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(server.callsTo('PUT', '/admin/questions/9')).toHaveLength(1));
    expect(server.callsTo('PUT', '/admin/questions/9')[0]?.body).toMatchObject({
      explanation: 'New Delhi since 1931.',
    });
  });
});
