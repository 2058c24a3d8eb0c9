import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { learner, renderRoutes, signIn } from '@/testing/test-utils';
import { createRoutes } from '../../router';

const lazyChunk = { timeout: 5000 };

describe('Choose My Batch', () => {
  it('goes straight to /verify after Submit, without the dashboard and its 417 answers', async () => {
    let isPicked = false;
    const server = mockApi({
      'GET /me': () => ok(learner({ isStandardPicked: isPicked })),
      'GET /syllabus': ok([{ id: 1, name: 'CBSE' }]),
      'GET /standard/1': ok([{ id: 12, name: 'Standard 10' }]),
      'POST /add-class': () => {
        isPicked = true;
        return ok({ isStandardPicked: true }, 'Your class has been saved.');
      },
    });
    await signIn();
    const { router, user } = renderRoutes(createRoutes, '/choose-level');
    await screen.findByRole('option', { name: 'CBSE' }, lazyChunk);
    await user.selectOptions(screen.getByLabelText('Syllabus'), 'CBSE');
    await screen.findByRole('option', { name: 'Standard 10' });
    await user.selectOptions(screen.getByLabelText('Standard'), 'Standard 10');
    await user.type(screen.getByLabelText('Date of Birth'), '2012-05-14');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, lazyChunk)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    // Only onboarding's own calls: nothing the dashboard (or any other signed-in page) asks for.
    const allowed = ['GET /me', 'GET /syllabus', 'GET /standard/1', 'POST /add-class'];
    expect(server.calls.map((call) => `${call.method} ${call.path}`).filter((call) => !allowed.includes(call))).toEqual(
      [],
    );
    // The app never passed through '/' or the dashboard on the way.
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
  });

  it('lets a learner back on the page with a code already mailed go to Verify without asking for a new one', async () => {
    const server = mockApi({
      'GET /me': ok(learner({ isStandardPicked: false, email_verified_at: null })),
      'GET /syllabus': ok([{ id: 1, name: 'CBSE' }]),
    });
    await signIn();
    const { router, user } = renderRoutes(createRoutes, '/choose-level');
    await user.click(await screen.findByRole('link', { name: 'Enter it' }, lazyChunk));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, lazyChunk)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    expect(server.callsTo('GET', '/send-email-otp')).toEqual([]);
  });
});
