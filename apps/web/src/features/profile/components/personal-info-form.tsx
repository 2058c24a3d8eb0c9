import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  INDIAN_STATES,
  indianStateNameIn,
  localeOf,
  updateProfileBody,
  type MasterData,
  profileMessages,
  type ProfileData,
  type UpdateProfileBody,
  type UpdateProfileInput,
} from '@app/contracts';
import { paths } from '@/config/paths';
import { PasswordField, SelectField, TextAreaField, TextField, type SelectFieldProps } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { useFormat } from '@/lib/format';
import { useAppMessage } from '@/lib/i18n';
import { useUpdateProfile } from '../api/update-profile';
import { useSectionForm } from './use-section-form';

type FormValues = Record<keyof UpdateProfileInput, string>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The stored profile as form text: null becomes '', ids become their string. */
export function profileFormValues(profile: ProfileData): FormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    mobile: profile.mobile,
    date_of_birth: text(profile.date_of_birth).slice(0, 10),
    gender_id: text(profile.gender_id),
    marital_status_id: text(profile.marital_status_id),
    country_id: text(profile.country_id),
    city: text(profile.city),
    state: text(profile.state),
    address: text(profile.address),
    landmark: text(profile.landmark),
    pin: text(profile.pin),
    occupation: text(profile.occupation),
    qualification: text(profile.qualification),
    about: text(profile.about),
    current_password: '',
  };
}

/** A select of master data (genders, marital statuses, countries), 'Choose' first for none. */
function ChoiceField({
  choices,
  ...props
}: SelectFieldProps & { choices: { id: number; name: string }[] | undefined }) {
  const { t } = useTranslation('profile');
  // Reference data arrives in English: a default name (Male, Married…) is shown in the learner's language.
  const message = useAppMessage();
  return (
    <SelectField {...props}>
      <option value="">{t('personal.choose')}</option>
      {choices?.map((item) => (
        <option key={item.id} value={item.id}>
          {message(item.name)}
        </option>
      ))}
    </SelectField>
  );
}

const isSameEmail = (typed: string | undefined, stored: string) =>
  (typed ?? '').trim().toLowerCase() === stored.toLowerCase();

/** The server's rule on this side too: a new email needs the current password. */
const withPasswordForNewEmail = (storedEmail: string) =>
  updateProfileBody.superRefine((input, issues) => {
    if (!isSameEmail(input.email, storedEmail) && !input.current_password)
      issues.addIssue({ code: 'custom', path: ['current_password'], message: profileMessages.currentPasswordRequired });
  });

/**
 * The current password, once the email typed differs from the stored one: the server asks for it only then
 * (docs/decisions/047-current-password-before-takeover.md). Watches the email alone, so typing elsewhere in the long
 * form redraws nothing here, and typing the email redraws only this.
 */
function EmailPasswordField({
  control,
  storedEmail,
  field,
}: {
  control: Control<UpdateProfileBody, unknown, UpdateProfileInput>;
  storedEmail: string;
  field: { id: string; registration: UseFormRegisterReturn; error: string | undefined };
}) {
  const { t } = useTranslation('profile');
  const email = useWatch({ control, name: 'email' });
  if (isSameEmail(email, storedEmail)) return null;
  return (
    <Col md={6}>
      <PasswordField
        {...field}
        label={t('password.current')}
        autoComplete="current-password"
        describedBy="profile-email-password-hint"
      >
        <Form.Text id="profile-email-password-hint">{t('personal.emailPasswordHint')}</Form.Text>
      </PasswordField>
    </Col>
  );
}

interface PersonalInfoFormProps {
  profile: ProfileData;
  /** Choices for gender, marital status and country; empty lists while they load. */
  master: MasterData | undefined;
}

/** 'Personal Information' (docs/product/profile.md#personal-information); a save that leaves the email unverified goes to /verify. */
export function PersonalInfoForm({ profile, master }: PersonalInfoFormProps) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const { t } = useTranslation('profile');
  const { language, region } = useFormat();
  // Countries in the learner's language, in that language's order.
  const byName = new Intl.Collator(localeOf[language]);
  const countryChoices = master?.countries
    .map(({ id, country_name, iso_code }) => ({ id, name: region(iso_code, country_name) }))
    .sort((a, b) => byName.compare(a.name, b.name));
  // The state stays free text (the spec's field); India's states and union territories are offered as suggestions,
  // named in the learner's language as the server recognises them, so the invoice's place of supply finds it.
  const stateSuggestions = INDIAN_STATES.map((state) => indianStateNameIn(state, language)).sort(byName.compare);
  const { onSubmit, field, isSubmitting, control } = useSectionForm({
    schema: withPasswordForNewEmail(profile.email),
    idPrefix: 'profile',
    data: profile,
    valuesOf: profileFormValues,
    save: update.mutateAsync,
    onSaved: async (data) => {
      if (!data.email_verified_at) await navigate(paths.verify.getHref());
    },
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('sections.personal')}>
      <Row className="g-3 mb-4">
        <Col md={6}>
          <TextField {...field('first_name')} label={t('personal.firstName')} autoComplete="given-name" />
        </Col>
        <Col md={6}>
          <TextField {...field('last_name')} label={t('personal.lastName')} autoComplete="family-name" />
        </Col>
        <Col md={6}>
          <TextField
            {...field('email')}
            label={t('personal.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
        </Col>
        <Col md={6}>
          <TextField
            {...field('mobile')}
            label={t('personal.mobile')}
            type="tel"
            autoComplete="tel-national"
            inputMode="numeric"
          />
        </Col>
        <EmailPasswordField control={control} storedEmail={profile.email} field={field('current_password')} />
        <Col md={6}>
          <TextField {...field('date_of_birth')} label={t('personal.dateOfBirth')} type="date" autoComplete="bday" />
        </Col>
        <Col md={6}>
          <ChoiceField {...field('gender_id')} label={t('personal.gender')} choices={master?.genders} />
        </Col>
        <Col md={6}>
          <ChoiceField {...field('marital_status_id')} label={t('personal.maritalStatus')} choices={master?.maritals} />
        </Col>
        <Col md={6}>
          <ChoiceField
            {...field('country_id')}
            label={t('personal.country')}
            autoComplete="country"
            choices={countryChoices}
          />
        </Col>
        <Col md={6}>
          <TextField {...field('city')} label={t('personal.city')} autoComplete="address-level2" />
        </Col>
        <Col md={6}>
          <TextField
            {...field('state')}
            label={t('personal.state')}
            autoComplete="address-level1"
            list="profile-state-suggestions"
          />
          <datalist id="profile-state-suggestions">
            {stateSuggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </Col>
        <Col xs={12}>
          <TextAreaField {...field('address')} label={t('personal.address')} rows={2} autoComplete="street-address" />
        </Col>
        <Col md={6}>
          <TextField {...field('landmark')} label={t('personal.landmark')} />
        </Col>
        <Col md={6}>
          <TextField
            {...field('pin')}
            label={t('personal.pin')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
          />
        </Col>
        <Col md={6}>
          <TextField {...field('occupation')} label={t('personal.occupation')} />
        </Col>
        <Col md={6}>
          <TextField {...field('qualification')} label={t('personal.qualification')} />
        </Col>
        <Col xs={12}>
          <TextAreaField {...field('about')} label={t('personal.about')} rows={3} />
        </Col>
      </Row>
      <SubmitButton isBusy={isSubmitting}>{t('personal.save')}</SubmitButton>
    </Form>
  );
}
