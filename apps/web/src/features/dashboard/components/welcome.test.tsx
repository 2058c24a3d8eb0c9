import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { Welcome } from './welcome';

/** A Malayalam first name with no space in it, as learners from Kerala have. */
const longName = 'അനന്തകൃഷ്ണൻനമ്പൂതിരിപ്പാട്';

describe('Welcome', () => {
  it('breaks a first name too long for a phone’s line instead of widening the page', async () => {
    // One word wider than 360 px made the dashboard 382 px wide, and the Invite People dialog lost its close button
    // off the edge: the heading may break inside a word (Bootstrap's text-break).
    mockApi({ 'GET /me': ok(learner({ first_name: longName })) });
    await signIn();
    renderWithProviders(<Welcome />);
    const heading = await screen.findByRole('heading', { level: 1, name: `Welcome, ${longName}!` });
    expect(heading).toHaveClass('text-break');
  });
});
