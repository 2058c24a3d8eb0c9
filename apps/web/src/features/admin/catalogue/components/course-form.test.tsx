import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CourseForm } from './course-form';

const lists = {
  'GET /admin/categories': ok([{ id: 1, name: 'Mathematics', courses_count: 2 }]),
  'GET /admin/batches': ok([]),
};

async function fillAndCreate(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Algebra Basics');
  await user.selectOptions(await screen.findByLabelText('Category'), 'Mathematics');
  await user.type(screen.getByLabelText('Price (₹)'), '999');
  await user.type(screen.getByLabelText('Offer price (₹)'), '499');
  await user.click(screen.getByRole('button', { name: 'Create course' }));
}

describe('CourseForm', () => {
  it("shows a 422's field errors next to their fields, not in a toast", async () => {
    const server = mockApi({
      ...lists,
      'POST /admin/courses': fail(422, 'This name is already used.', {
        name: ['This name is already used.'],
        offer_price: ['The offer price cannot be more than the price.'],
      }),
    });
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<CourseForm onSaved={onSaved} />);
    await screen.findByRole('option', { name: 'Mathematics' });
    await fillAndCreate(user);

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('This name is already used.');
    expect(screen.getByLabelText('Offer price (₹)')).toHaveAccessibleDescription(
      'The offer price cannot be more than the price.',
    );
    expect(screen.getByLabelText('Price (₹)')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(server.callsTo('POST', '/admin/courses')[0]?.body).toEqual({
      name: 'Algebra Basics',
      about: '',
      category_id: 1,
      batch_id: null,
      price: 999,
      offer_price: 499,
      is_published: false,
      language: 'en',
    });
  });

  it("shows a 400's message in a danger toast", async () => {
    mockApi({ ...lists, 'POST /admin/courses': fail(400, 'This course cannot be saved now.') });
    const { user } = renderWithProviders(<CourseForm />);
    await screen.findByRole('option', { name: 'Mathematics' });
    await fillAndCreate(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This course cannot be saved now.');
    expect(alert).toHaveClass('bg-danger');
  });

  it('checks the prices with the shared rules before asking the server', async () => {
    const server = mockApi(lists);
    const { user } = renderWithProviders(<CourseForm />);
    await user.type(await screen.findByLabelText('Name'), 'Algebra Basics');
    await user.type(screen.getByLabelText('Price (₹)'), '100');
    await user.type(screen.getByLabelText('Offer price (₹)'), '150');
    await user.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByText('The offer price cannot be more than the price.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/courses')).toHaveLength(0);
  });

  it("keeps an edited course's category and batch, which load after the course", async () => {
    const course = {
      id: 7,
      name: 'Algebra Basics',
      about: 'Equations.',
      category_id: 1,
      batch_id: 2,
      price: 999,
      offer_price: 499,
      is_published: true,
      photo_path: null,
      video_path: null,
      language: 'ml' as const,
      terms_count: 1,
      paid_purchases: 3,
      created_at: '2025-01-01T00:00:00.000Z',
    };
    const server = mockApi({
      ...lists,
      'GET /admin/batches': ok([
        {
          id: 2,
          syllabus_id: 1,
          syllabus_name: 'CBSE',
          standard_id: 10,
          standard_name: 'Standard 10',
          name: 'CBSE 10',
          fee: 0,
          courses_count: 1,
        },
      ]),
      'PUT /admin/courses/7': ok(course, 'Saved.'),
    });
    const { user } = renderWithProviders(<CourseForm course={course} />);
    expect(await screen.findByLabelText('Category')).toHaveValue('1');
    expect(screen.getByLabelText('Batch')).toHaveValue('2');
    expect(screen.getByLabelText('Language')).toHaveValue('ml');
    await user.selectOptions(screen.getByLabelText('Language'), 'Hindi');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Course saved.');
    expect(server.callsTo('PUT', '/admin/courses/7')[0]?.body).toMatchObject({
      category_id: 1,
      batch_id: 2,
      is_published: true,
      language: 'hi',
    });
  });

  it('creates the course, says so and hands it on', async () => {
    const created = {
      id: 12,
      name: 'Algebra Basics',
      about: '',
      category_id: 1,
      batch_id: null,
      price: 999,
      offer_price: 499,
      is_published: false,
      photo_path: null,
      video_path: null,
      language: 'en' as const,
      terms_count: 0,
      paid_purchases: 0,
      created_at: '2025-01-01T00:00:00.000Z',
    };
    mockApi({ ...lists, 'POST /admin/courses': ok(created, 'Created.') });
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<CourseForm onSaved={onSaved} />);
    await screen.findByRole('option', { name: 'Mathematics' });
    await fillAndCreate(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(await screen.findByRole('alert')).toHaveTextContent('Course created.');
  });
});
