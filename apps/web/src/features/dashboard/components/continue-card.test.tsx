import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, studiedLast } from '@/testing/test-utils';
import { ContinueCard } from './continue-card';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';

describe('ContinueCard', () => {
  it('shows the course, the chapter, the percent and a Continue link to that chapter', async () => {
    renderWithProviders(<ContinueCard item={studiedLast} />);
    const card = await screen.findByRole('region', { name: 'Continue learning' });
    expect(card).toHaveTextContent('Foundations of Mathematics');
    expect(card).toHaveTextContent('Intro video · Video');
    expect(card).toHaveTextContent('33.33% done');
    expect(screen.getByRole('progressbar', { name: 'Foundations of Mathematics progress' })).toHaveAttribute(
      'aria-valuenow',
      '33.33',
    );
    expect(screen.getByRole('link', { name: 'Continue: Intro video' })).toHaveAttribute(
      'href',
      '/learn-more/3?subject=12',
    );
  });

  it('shows nothing before the learner has studied a chapter', () => {
    renderWithProviders(<ContinueCard item={null} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText('Continue learning')).not.toBeInTheDocument();
  });

  it('speaks Hindi, with the percent as a Hindi (India) number', async () => {
    await applyLanguage('hi');
    renderWithProviders(<ContinueCard item={{ ...studiedLast, percent: 1234.5 }} />);
    const texts = hi.dashboard.continue;
    const card = await screen.findByRole('region', { name: texts.title });
    expect(card).toHaveTextContent(`Intro video · ${texts.fileTypes.video}`);
    expect(card).toHaveTextContent(texts.done.replace('{{percent}}', '1,234.5'));
    expect(
      screen.getByRole('link', { name: texts.actionLabel.replace('{{subject}}', 'Intro video') }),
    ).toHaveTextContent(texts.action);
  });
});
