import Card from 'react-bootstrap/Card';
import { PageHeader } from '@/components/ui/page-header';
import { allOf, AsyncContent } from '../../components/async-content';
import { useLevels } from '../api/get-levels';
import { useSettings } from '../../api/get-settings';
import { LevelsForm } from './levels-form';
import { RatesForm } from './rates-form';

/** The business's numbers: the referral level ladder and the rates. */
export function LevelsRatesPage() {
  const levels = useLevels();
  const settings = useSettings();
  // Both cards once both reads have answered: the Rates form, much taller than its spinner, pushed the Levels card
  // out of sight on a phone as it arrived.
  return (
    <>
      <PageHeader title="Levels & rates" />
      <AsyncContent query={allOf(settings, levels)}>
        <Card className="admin-card mb-4">
          <Card.Body>
            <h2 className="h5">Rates</h2>
            {settings.data && <RatesForm settings={settings.data} />}
          </Card.Body>
        </Card>
        <Card className="admin-card">
          <Card.Body>
            <h2 className="h5">Levels</h2>
            <p className="small text-body-secondary">
              Each level asks for a number of active sub-users within its days and pays its reward when reached.
            </p>
            {levels.data && <LevelsForm levels={levels.data} />}
          </Card.Body>
        </Card>
      </AsyncContent>
    </>
  );
}
