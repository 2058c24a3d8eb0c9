import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { QuestionImport } from './question-import';

const header = 'question,option_1,option_2,option_3,option_4,option_5,correct_option';
const row = (line: number, question: string) => ({
  line,
  question,
  option_1: 'A',
  option_2: 'B',
  option_3: null,
  option_4: null,
  option_5: null,
  correct_option: 1,
  explanation: null,
});
const csvFile = (text: string) => new File([text], 'questions.csv', { type: 'text/csv' });

describe('QuestionImport', () => {
  it('previews the file with line-numbered errors and does not offer Import', async () => {
    const csv = `${header}\nWhat is 1+1?,1,2,,,,2\nBad one,A,,,,,1\nWhat is 2+2?,3,4,,,,2\nAnother,A,B,,,,7\n`;
    const server = mockApi({
      'POST /admin/subjects/5/questions/import': ok(
        {
          dry_run: true,
          rows: [row(2, 'What is 1+1?'), row(4, 'What is 2+2?')],
          errors: ['line 3: option_2 is required', 'line 5: correct_option must be 1-5'],
          inserted: 0,
        },
        'Preview',
      ),
    });
    const { user } = renderWithProviders(<QuestionImport subjectId={5} termId={2} />);
    await user.upload(screen.getByLabelText('CSV file'), csvFile(csv));

    const errors = await screen.findByRole('list', { name: 'Errors by line' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['line 3: option_2 is required', 'line 5: correct_option must be 1-5']);
    expect(screen.getByText(/questions\.csv has 2 errors/)).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Import preview' });
    expect(within(preview).getByRole('cell', { name: 'What is 1+1?' })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    const calls = server.callsTo('POST', '/admin/subjects/5/questions/import');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ csv });
  });

  it('imports a clean file once Import is pressed, and says how many', async () => {
    const csv = `${header}\n${Array.from({ length: 10 }, (_, i) => `Q${i + 1}?,A,B,,,,1`).join('\n')}\n`;
    const rows = Array.from({ length: 10 }, (_, i) => row(i + 2, `Q${i + 1}?`));
    let answered = 0;
    const server = mockApi({
      'POST /admin/subjects/5/questions/import': (_call: RecordedCall) => {
        answered += 1;
        return answered === 1
          ? ok({ dry_run: true, rows, errors: [], inserted: 0 }, 'Preview')
          : ok({ dry_run: false, rows, errors: [], inserted: 10 }, '10 questions imported.');
      },
    });
    const { user } = renderWithProviders(<QuestionImport subjectId={5} termId={2} />);
    await user.upload(screen.getByLabelText('CSV file'), csvFile(csv));
    expect(await screen.findByText('questions.csv: 10 questions ready to import.')).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeEnabled();

    await user.click(importButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('10 questions imported.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Import preview' })).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/admin/subjects/5/questions/import')).toHaveLength(2);
  });
});
