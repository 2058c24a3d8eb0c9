import Button from 'react-bootstrap/Button';

interface EditDeleteButtonsProps {
  /** What the buttons act on, for their accessible names: 'Edit Class 8', 'Delete Class 8'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The edit button's word ('Rename' where the name is all there is). */
  editLabel?: string;
}

/** A list item's edit and delete links. */
export function EditDeleteButtons({ name, onEdit, onDelete, editLabel = 'Edit' }: EditDeleteButtonsProps) {
  return (
    <>
      <Button size="sm" variant="link" onClick={onEdit} aria-label={`${editLabel} ${name}`}>
        {editLabel}
      </Button>
      <Button size="sm" variant="link" className="text-danger" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </>
  );
}
