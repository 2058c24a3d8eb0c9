type FieldValue = string | number | boolean | null | undefined;

/** A multipart body: the text fields that have a value, and the file under `file` (the API's one file field). */
export function toFormData(fields: Record<string, FieldValue>, file?: File | null): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  if (file) body.append('file', file);
  return body;
}
