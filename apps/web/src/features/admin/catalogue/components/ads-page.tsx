import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { adminMessages, type AdminAd } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { AsyncContent } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { FileField } from '../../components/fields';
import { formatDateTime } from '../../utils/format';
import { showServerError } from '../../utils/server-errors';
import { useCreateAd } from '../api/create-ad';
import { useDeleteAd } from '../api/delete-ad';
import { useAds } from '../api/get-ads';
import { useUpdateAd } from '../api/update-ad';

/** A new ad: upload its image or give its https URL. */
function NewAdForm() {
  const create = useCreateAd();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [isActive, setIsActive] = useState(true);
  const [errors, setErrors] = useState<{ file?: string | undefined; url?: string | undefined }>({});
  const [inputKey, setInputKey] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file && !url.trim()) {
      setErrors({ file: adminMessages.fileOrUrlRequired });
      return;
    }
    try {
      await create.mutateAsync({ file, url: file ? undefined : url.trim(), is_active: isActive });
      notifications.success('Ad added.');
      setFile(null);
      setUrl('');
      setErrors({});
      setInputKey((key) => key + 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && (error.errors.file || error.errors.url)) {
        setErrors({ file: error.errors.file?.[0], url: error.errors.url?.[0] });
      } else {
        showServerError(error);
      }
    }
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="New ad">
      <Row className="g-3 align-items-start">
        <Col md={5}>
          <FileField
            key={inputKey}
            id="ad-file"
            label="Image"
            accept="image/png,image/gif,image/jpeg"
            hint="PNG, GIF or JPEG."
            error={errors.file}
            className="mb-0"
            onFile={(chosen) => {
              setFile(chosen);
              setErrors({});
            }}
          />
        </Col>
        <Col md={4}>
          <Form.Group controlId="ad-url">
            <Form.Label>…or its URL</Form.Label>
            <Form.Control
              type="url"
              placeholder="https://"
              value={url}
              disabled={Boolean(file)}
              isInvalid={Boolean(errors.url)}
              aria-describedby={errors.url ? 'ad-url-error' : undefined}
              onChange={(event) => {
                setUrl(event.target.value);
                setErrors({});
              }}
            />
            {errors.url && (
              <Form.Control.Feedback id="ad-url-error" type="invalid">
                {errors.url}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        </Col>
        <Col md={3} className="pt-md-4">
          <Form.Check
            type="switch"
            id="ad-active"
            label="Active"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
          />
          <SubmitButton isBusy={create.isPending} className="mt-2">
            Add ad
          </SubmitButton>
        </Col>
      </Row>
    </Form>
  );
}

/** The dashboard banners: add, switch on or off, delete. */
export function AdsPage() {
  const ads = useAds();
  const update = useUpdateAd();
  const remove = useDeleteAd();
  const [deleting, setDeleting] = useState<AdminAd | null>(null);

  const onToggle = async (ad: AdminAd, isActive: boolean) => {
    try {
      await update.mutateAsync({ id: ad.id, is_active: isActive });
      notifications.success(isActive ? 'Ad switched on.' : 'Ad switched off.');
    } catch (error) {
      showServerError(error);
    }
  };
  return (
    <>
      <PageHeader title="Ads" />
      <Card className="admin-card mb-4">
        <Card.Body>
          <h2 className="h6 mb-3">Add an ad</h2>
          <NewAdForm />
        </Card.Body>
      </Card>
      <AsyncContent query={ads}>
        {ads.data?.length === 0 && <p className="text-body-secondary">No ads yet.</p>}
        <Row xs={1} md={2} xl={3} className="g-3">
          {ads.data?.map((ad) => (
            <Col key={ad.id}>
              <Card className="admin-card h-100">
                {ad.url && (
                  <Card.Img
                    variant="top"
                    src={mediaUrl(ad.url) ?? undefined}
                    alt={`Ad ${ad.id}`}
                    className="admin-preview-image rounded-0 rounded-top"
                  />
                )}
                <Card.Body className="d-flex align-items-center justify-content-between gap-2">
                  <Form.Check
                    type="switch"
                    id={`ad-${ad.id}-active`}
                    label={ad.is_active ? 'Active' : 'Off'}
                    checked={ad.is_active}
                    disabled={update.isPending}
                    onChange={(event) => void onToggle(ad, event.target.checked)}
                  />
                  <span className="small text-body-secondary">{formatDateTime(ad.created_at)}</span>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => setDeleting(ad)}
                    aria-label={`Delete ad ${ad.id}`}
                  >
                    Delete
                  </Button>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </AsyncContent>
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete ad?"
        deletedMessage="Ad deleted."
        onClose={() => setDeleting(null)}
      >
        {() => <p className="mb-0">The ad will no longer be shown.</p>}
      </DeleteDialog>
    </>
  );
}
