import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OfferCodeData, OfferCodeTarget } from '@app/contracts';
import { useFormat } from '@/lib/format';
import { SubmitButton } from '@/components/ui/submit-button';
import { useFetchOfferCode } from '../api/fetch-offer-code';

const offerCodeForm = z.object({
  code: z
    .string()
    .trim()
    .max(50)
    .transform((code) => code.toUpperCase()),
});
type OfferCodeForm = z.input<typeof offerCodeForm>;
type OfferCodeInput = z.output<typeof offerCodeForm>;

interface OfferCodeFormProps {
  applied: OfferCodeData | null;
  onApplied: (code: OfferCodeData | null) => void;
  /** The course's offer price, rupees: to say when the code's minimum is not met. */
  offerPrice: number;
  /** What is bought: a batch's own code fits only its batch fee. */
  target: OfferCodeTarget;
  disabled?: boolean;
}

/**
 * The offer code input with Apply. A code the server refuses is ignored silently (docs/product/catalogue-and-checkout.md#offer-codes):
 * nothing is applied and the lines show no discount.
 */
export function OfferCodeForm({ applied, onApplied, offerPrice, target, disabled = false }: OfferCodeFormProps) {
  const { t } = useTranslation('checkout');
  const { inr } = useFormat();
  const fetchCode = useFetchOfferCode();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<OfferCodeForm, unknown, OfferCodeInput>({
    resolver: zodResolver(offerCodeForm),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    if (!code) {
      onApplied(null);
      return;
    }
    try {
      onApplied(await fetchCode.mutateAsync({ code, target }));
    } catch {
      onApplied(null);
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} className="mb-3">
      <Form.Label htmlFor="offer-code">{t('offerCode.label')}</Form.Label>
      <InputGroup>
        <Form.Control
          id="offer-code"
          autoComplete="off"
          placeholder={t('offerCode.placeholder')}
          {...register('code')}
          disabled={disabled}
        />
        <SubmitButton isBusy={isSubmitting} variant="outline-primary" disabled={disabled}>
          {t('offerCode.apply')}
        </SubmitButton>
      </InputGroup>
      <div aria-live="polite">
        {applied && (
          <Form.Text className="text-success d-block">{t('offerCode.applied', { code: applied.code })}</Form.Text>
        )}
        {applied && offerPrice < applied.minimum_amount && (
          <Form.Text className="d-block">{t('offerCode.minimum', { amount: inr(applied.minimum_amount) })}</Form.Text>
        )}
      </div>
    </Form>
  );
}
