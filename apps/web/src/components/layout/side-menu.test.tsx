import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { SideMenu } from './side-menu';

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
});
