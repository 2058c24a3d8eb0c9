import { ConsentNeeded } from '@/features/consent/components/consent-needed';
import { ProfilePage } from '@/features/profile/components/profile-page';

export default function ProfileRoute() {
  return <ProfilePage ConsentGate={ConsentNeeded} />;
}
