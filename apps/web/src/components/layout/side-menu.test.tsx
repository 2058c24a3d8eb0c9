import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { SideMenu } from './side-menu';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';

describe('SideMenu', () => {
  it('leads to the catalogue: Courses, between Dashboard and My Courses', async () => {
    mockApi({ 'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z' })) });
    await signIn();
    renderWithProviders(<SideMenu isOpen={false} onClose={vi.fn()} />);
    const menu = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(menu.getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses');
    const labels = menu.getAllByRole('link').map((link) => link.textContent);
    expect(labels.indexOf('Courses')).toBe(labels.indexOf('Dashboard') + 1);
    expect(labels.indexOf('My Courses')).toBeGreaterThan(labels.indexOf('Courses'));
  });

  it('speaks Malayalam', async () => {
    await applyLanguage('ml');
    // The profile's language wins after GET /me: this learner chose Malayalam.
    mockApi({ 'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z', language: 'ml' })) });
    await signIn();
    renderWithProviders(<SideMenu isOpen={false} onClose={vi.fn()} />);
    const texts = ml.layout.menu;
    const menu = within(screen.getByRole('navigation', { name: texts.nav }));
    expect(menu.getByRole('link', { name: texts.courses })).toHaveAttribute('href', '/courses');
    expect(menu.getByRole('link', { name: texts.myCourses })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: texts.dashboard })).toBeInTheDocument();
  });
});
