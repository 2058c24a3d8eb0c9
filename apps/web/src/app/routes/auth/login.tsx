import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/components/layout/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Sign In" subtitle="Welcome back! Sign in to continue learning.">
      <LoginForm onSuccess={() => navigate(paths.home.getHref(), { replace: true })} />
    </AuthLayout>
  );
}
