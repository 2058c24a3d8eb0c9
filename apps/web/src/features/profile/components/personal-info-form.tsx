import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  updateProfileBody, type MasterData, type ProfileData, type UpdateProfileBody, type UpdateProfileInput,
} from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useUpdateProfile } from '../api/update-profile';
import { SelectField, TextAreaField } from './form-controls';

type FormValues = Record<keyof UpdateProfileInput, string>;

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

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
  };
}

interface PersonalInfoFormProps {
  profile: ProfileData;
  /** Choices for gender, marital status and country; empty lists while they load. */
  master: MasterData | undefined;
}

/** 'Personal Information' (spec sections 2, 3 and 5); a save that leaves the email unverified goes to /verify. */
export function PersonalInfoForm({ profile, master }: PersonalInfoFormProps) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<UpdateProfileBody, unknown, UpdateProfileInput>({
    resolver: zodResolver(updateProfileBody),
    mode: 'onTouched',
    defaultValues: profileFormValues(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data, message } = await update.mutateAsync(values);
      notifications.success(message);
      reset(profileFormValues(data));
      if (!data.email_verified_at) await navigate(paths.verify.getHref());
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  const field = (name: keyof UpdateProfileInput) => ({
    id: `profile-${name.replaceAll('_', '-')}`,
    registration: register(name),
    error: errors[name]?.message,
    className: '',
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Personal Information">
      <Row className="g-3 mb-4">
        <Col md={6}><TextField {...field('first_name')} label="First Name" autoComplete="given-name" /></Col>
        <Col md={6}><TextField {...field('last_name')} label="Last Name" autoComplete="family-name" /></Col>
        <Col md={6}><TextField {...field('email')} label="Email" type="email" autoComplete="email" inputMode="email" /></Col>
        <Col md={6}>
          <TextField {...field('mobile')} label="Mobile" type="tel" autoComplete="tel-national" inputMode="numeric" maxLength={10} />
        </Col>
        <Col md={6}><TextField {...field('date_of_birth')} label="Date of Birth" type="date" autoComplete="bday" /></Col>
        <Col md={6}>
          <SelectField {...field('gender_id')} label="Gender">
            <option value="">Choose…</option>
            {master?.genders.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
          </SelectField>
        </Col>
        <Col md={6}>
          <SelectField {...field('marital_status_id')} label="Marital Status">
            <option value="">Choose…</option>
            {master?.maritals.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
          </SelectField>
        </Col>
        <Col md={6}>
          <SelectField {...field('country_id')} label="Country" autoComplete="country">
            <option value="">Choose…</option>
            {master?.countries.map((item) => <option key={item.id} value={item.id}>{item.country_name}</option>)}
          </SelectField>
        </Col>
        <Col md={6}><TextField {...field('city')} label="City" autoComplete="address-level2" /></Col>
        <Col md={6}><TextField {...field('state')} label="State" autoComplete="address-level1" /></Col>
        <Col xs={12}><TextAreaField {...field('address')} label="Address" rows={2} autoComplete="street-address" /></Col>
        <Col md={6}><TextField {...field('landmark')} label="Landmark" /></Col>
        <Col md={6}><TextField {...field('pin')} label="PIN Code" inputMode="numeric" autoComplete="postal-code" maxLength={10} /></Col>
        <Col md={6}><TextField {...field('occupation')} label="Occupation" /></Col>
        <Col md={6}><TextField {...field('qualification')} label="Qualification" /></Col>
        <Col xs={12}><TextAreaField {...field('about')} label="About" rows={3} /></Col>
      </Row>
      <SubmitButton isBusy={isSubmitting}>Save</SubmitButton>
    </Form>
  );
}
