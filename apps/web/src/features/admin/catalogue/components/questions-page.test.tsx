import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminQuestion } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { QuestionsPage } from './questions-page';

const question = (id: number): AdminQuestion =>
  ({
    id,
    subject_id: 5,
    question: `Q${id}?`,
    option_1: 'A',
    option_2: 'B',
    option_3: null,
    option_4: null,
    option_5: null,
    correct_option: 1,
    explanation: null,
  }) as AdminQuestion;

describe('QuestionsPage (operator console)', () => {
  it('imports a CSV in a dialog over the table, which only grows when the import lands', async () => {
    let imported = false;
    const rows = Array.from({ length: 3 }, (_, i) => ({ ...question(i + 1), line: i + 2 }));
    mockApi({
      'GET /admin/courses/1': ok({ id: 1, name: 'Physics' }),
      'GET /admin/terms/2/subjects': ok([{ id: 5, name: 'Motion' }]),
      'GET /admin/subjects/5/questions': () => ok(imported ? [1, 2, 3].map(question) : []),
      'POST /admin/subjects/5/questions/import': (call) => {
        const isDryRun = call.search.includes('dry_run=true');
        if (!isDryRun) imported = true;
        return ok({ dry_run: isDryRun, rows, errors: [], inserted: isDryRun ? 0 : 3 }, '3 questions imported.');
      },
      'GET /admin/settings': ok({ quiz_max_attempts: 3 }),
    });
    const { user } = renderWithProviders(<QuestionsPage courseId={1} termId={2} subjectId={5} />);
    expect(await screen.findByText('No questions yet. Add some or import a CSV.')).toBeInTheDocument();
    const table = screen.getByRole('table');

    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions from a CSV' });
    const csv = 'question,option_1,option_2,option_3,option_4,option_5,correct_option\nQ1?,A,B,,,,1\n';
    await user.upload(within(dialog).getByLabelText('CSV file'), new File([csv], 'q.csv', { type: 'text/csv' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Q3?')).toBeInTheDocument();
    // The same table, filled: nothing above it came or went.
    expect(screen.getByRole('table')).toBe(table);
  });

  it('warns while the bank is too small for every attempt to get new questions (decision 062)', async () => {
    let bank = 12;
    mockApi({
      'GET /admin/courses/1': ok({ id: 1, name: 'Physics' }),
      'GET /admin/terms/2/subjects': ok([{ id: 5, name: 'Motion' }]),
      'GET /admin/subjects/5/questions': () => ok(Array.from({ length: bank }, (_, i) => question(i + 1))),
      'GET /admin/settings': ok({ quiz_max_attempts: 3 }),
    });
    const first = renderWithProviders(<QuestionsPage courseId={1} termId={2} subjectId={5} />);
    expect(await screen.findByTestId('small-bank-warning')).toHaveTextContent(
      'This quiz has 12 questions: retakes will repeat questions whose answers the learner has seen. 30 or more give every attempt new questions.',
    );
    first.unmount();

    bank = 30;
    renderWithProviders(<QuestionsPage courseId={1} termId={2} subjectId={5} />);
    // The table waits for the settings too, so the warning would be there with it.
    expect(await screen.findByText('Q30?')).toBeInTheDocument();
    expect(screen.queryByTestId('small-bank-warning')).not.toBeInTheDocument();
  });
});
