import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { AdminCategory } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showServerError } from '../../utils/server-errors';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { AddByNameForm, NameFormModal } from './name-form-modal';

/** Course categories: add, rename, delete (only when no course uses it). */
export function CategoriesPage() {
  const categories = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [renaming, setRenaming] = useState<AdminCategory | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifications.success('Category deleted.');
    } catch (error) {
      showServerError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader title="Categories" />
      <Card className="admin-card" style={{ maxWidth: '44rem' }}>
        <Card.Body>
          <AddByNameForm
            id="new-category"
            label="New category name"
            onAdd={async (name) => {
              await create.mutateAsync({ name });
              notifications.success('Category added.');
            }}
          />
          <AsyncContent query={categories}>
            <Table className="admin-table mb-0">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="text-center">
                    Courses
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {categories.data?.length === 0 && <EmptyRow colSpan={3}>No categories yet.</EmptyRow>}
                {categories.data?.map((category) => (
                  <tr key={category.id}>
                    <td className="fw-semibold">{category.name}</td>
                    <td className="text-center">{category.courses_count}</td>
                    <td className="text-end text-nowrap">
                      <Button
                        size="sm"
                        variant="link"
                        onClick={() => setRenaming(category)}
                        aria-label={`Rename ${category.name}`}
                      >
                        Rename
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger"
                        onClick={() => setDeleting(category)}
                        aria-label={`Delete ${category.name}`}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </AsyncContent>
        </Card.Body>
      </Card>
      {renaming && (
        <NameFormModal
          title="Rename category"
          name={renaming.name}
          onClose={() => setRenaming(null)}
          onSave={async (name) => {
            await update.mutateAsync({ id: renaming.id, body: { name } });
            notifications.success('Category saved.');
          }}
        />
      )}
      <ConfirmDialog
        subject={deleting}
        title="Delete category?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      >
        {(item) => (
          <p className="mb-0">{item.name} will be deleted. A category that still has courses cannot be deleted.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
