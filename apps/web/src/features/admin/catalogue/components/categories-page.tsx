import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import type { AdminCategory } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
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
            <ResponsiveTable regionLabel="Categories" className="admin-table mb-0">
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
                      <EditDeleteButtons
                        name={category.name}
                        editLabel="Rename"
                        onEdit={() => setRenaming(category)}
                        onDelete={() => setDeleting(category)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </ResponsiveTable>
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
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete category?"
        deletedMessage="Category deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => (
          <p className="mb-0">{item.name} will be deleted. A category that still has courses cannot be deleted.</p>
        )}
      </DeleteDialog>
    </>
  );
}
