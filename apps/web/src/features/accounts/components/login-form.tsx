import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import type { LoginBody } from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { PasswordField, TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useLogin, type LoginInput } from '../api/login';
import { loginResolver } from '../utils/login-resolver';

/** Sign In: email and password (docs/product/accounts-and-sign-in.md#sign-in). */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('accounts');
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody, unknown, LoginInput>({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await login.mutateAsync(values);
      if (response.message) notifications.success(response.message);
      onSuccess();
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <TextField
        id="login-email"
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <PasswordField
        id="login-password"
        label={t('login.password')}
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <div className="text-end mb-3">
        <Link to={paths.forgotPassword.getHref()} className="small">
          {t('login.forgotPassword')}
        </Link>
      </div>
      <SubmitButton isBusy={isSubmitting} className="w-100">
        {t('login.submit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0 small">
        <Trans t={t} i18nKey="login.newHere" components={{ a: <Link to={paths.register.getHref()} /> }} />
      </p>
    </Form>
  );
}
