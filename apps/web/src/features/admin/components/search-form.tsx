import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface SearchFormProps {
  /** The filter it sets (its URL parameter), e.g. 'q'. */
  name: string;
  /** The box's accessible name, e.g. 'Search courses'. */
  label: string;
  placeholder: string;
  /** The filter's value now. */
  value: string;
  /** The button's word. */
  submitLabel?: string;
  /** Gets the text, trimmed, when the form is sent. */
  onSearch: (value: string) => void;
}

/** A list's search box in its filter bar. */
export function SearchForm({ name, label, placeholder, value, submitLabel = 'Search', onSearch }: SearchFormProps) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get(name) ?? '').trim());
  };
  return (
    <Form onSubmit={onSubmit} className="d-flex gap-2" role="search">
      <Form.Control name={name} type="search" placeholder={placeholder} aria-label={label} defaultValue={value} />
      <Button type="submit" variant="outline-primary">
        {submitLabel}
      </Button>
    </Form>
  );
}
