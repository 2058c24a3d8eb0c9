import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchData } from '@app/contracts';
import { renderWithProviders } from '@/testing/test-utils';
import { BatchFeeCard } from './batch-fee-card';

const batch = (overrides: Partial<BatchData> = {}): BatchData => ({
  id: 4,
  name: 'CBSE Standard 10',
  syllabus: { id: 1, name: 'CBSE' },
  standard: { id: 10, name: 'Standard 10' },
  fee: 499,
  is_mine: true,
  is_paid: false,
  is_open: false,
  subjects: [
    { id: 21, name: 'CBSE Class 10 Mathematics' },
    { id: 22, name: 'CBSE Class 10 Science' },
  ],
  ...overrides,
});

describe('BatchFeeCard', () => {
  it("offers the unpaid fee with 'Pay batch fee', naming what it opens", () => {
    renderWithProviders(<BatchFeeCard batch={batch()} />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Your batch: CBSE, Standard 10 — ₹499.00' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Pay the batch fee once to open every subject of your batch: CBSE Class 10 Mathematics, CBSE Class 10 Science.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay batch fee' })).toHaveAttribute('href', '/checkout/batch');
  });

  it('says the fee is paid and leads to My Courses once it is', () => {
    renderWithProviders(<BatchFeeCard batch={batch({ is_paid: true, is_open: true })} titleAs="h3" />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Your batch: CBSE, Standard 10 — ₹499.00 Fee paid',
    );
    expect(screen.queryByRole('link', { name: 'Pay batch fee' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Study your subjects' })).toHaveAttribute('href', '/learn');
  });

  it('on the Courses page, above the subjects, says they are not sold one by one', () => {
    renderWithProviders(<BatchFeeCard batch={batch()} titleAs="h3" isAboveSubjects />);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Your batch: CBSE, Standard 10 — ₹499.00' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('These subjects are not sold one by one: pay the batch fee once to open them all.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay batch fee' })).toHaveAttribute('href', '/checkout/batch');
  });
});
