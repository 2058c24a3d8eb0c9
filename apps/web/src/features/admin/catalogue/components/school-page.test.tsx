import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { cbseClass8Batch as batch } from '@/testing/admin-data';
import { renderWithProviders } from '@/testing/test-utils';
import { SchoolPage } from './school-page';

const syllabuses = [
  { id: 1, name: 'CBSE', standards_count: 1 },
  { id: 2, name: 'Kerala State', standards_count: 1 },
];
const standardsOf: Record<string, unknown[]> = {
  '?syllabus_id=1': [{ id: 11, syllabus_id: 1, name: 'Class 8', position: 1 }],
  '?syllabus_id=2': [{ id: 21, syllabus_id: 2, name: 'Class 9', position: 1 }],
};
describe('SchoolPage', () => {
  it('shows its three panels together once syllabuses, standards and batches have answered, and keeps them after', async () => {
    const batches = deferred();
    const laterStandards = deferred();
    mockApi({
      'GET /admin/syllabuses': ok(syllabuses),
      'GET /admin/standards': (call) =>
        call.search === '?syllabus_id=2' ? laterStandards.handler() : ok(standardsOf[call.search]),
      'GET /admin/batches': batches.handler,
    });
    const { user } = renderWithProviders(<SchoolPage />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Syllabuses and standards have answered; on a phone the batches, arriving last, would push nothing down.
    expect(screen.queryByRole('heading', { name: 'Syllabuses' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();

    batches.release(ok([batch]));
    expect(await screen.findByRole('heading', { name: 'Syllabuses' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Standards of CBSE' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Batches' })).toBeInTheDocument();
    expect(screen.getByText('CBSE Class 8')).toBeInTheDocument();

    // Choosing another syllabus loads its standards in their panel; the page stays.
    await user.click(screen.getByRole('button', { name: 'Kerala State (1 standards)' }));
    expect(await screen.findByRole('heading', { name: 'Standards of Kerala State' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Syllabuses' })).toBeInTheDocument();
    laterStandards.release(ok(standardsOf['?syllabus_id=2']));
    expect(await screen.findByText('Class 9')).toBeInTheDocument();
  });
});
