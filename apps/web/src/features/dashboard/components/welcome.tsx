import { useMe } from '@/lib/auth/get-me';
import { readName } from '@/lib/token-storage';
import { DocumentTitle } from '@/components/ui/document-title';

/** The dashboard's heading: a welcome with the learner's first name. */
export function Welcome() {
  const me = useMe();
  const name = me.data?.first_name ?? readName()?.split(' ')[0] ?? '';
  return (
    <div className="mb-3">
      <DocumentTitle title="Dashboard" />
      <h1 className="h3 mb-1">{name ? `Welcome, ${name}!` : 'Welcome!'}</h1>
      <p className="text-body-secondary mb-0">Your level, points and balance at a glance.</p>
    </div>
  );
}
