import Card from 'react-bootstrap/Card';
import { useMe } from '@/lib/auth/get-me';
import { readName } from '@/lib/token-storage';
import { DocumentTitle } from '@/components/ui/document-title';

/** The dashboard for now: a welcome with the learner's name (the level and profile cards come later). */
export function Welcome() {
  const me = useMe();
  const name = me.data?.first_name ?? readName()?.split(' ')[0] ?? '';
  return (
    <>
      <DocumentTitle title="Dashboard" />
      <Card className="welcome-card border-0 shadow-sm">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-2">{name ? `Welcome, ${name}!` : 'Welcome!'}</h1>
          <p className="text-body-secondary mb-0">Good to see you on Live Connect. Your courses, quizzes and referral progress will appear here.</p>
        </Card.Body>
      </Card>
    </>
  );
}
