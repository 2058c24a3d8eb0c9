import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageHeader } from '@/components/ui/page-header';
import { useStaysTrue } from '@/lib/stays-true';
import { useBatches } from '../../api/get-batches';
import { allOf, AsyncContent } from '../../components/async-content';
import { useStandards } from '../api/get-standards';
import { useSyllabuses } from '../api/get-syllabuses';
import { BatchesPanel } from './batches-panel';
import { StandardsPanel } from './standards-panel';
import { SyllabusesPanel } from './syllabuses-panel';

/** Syllabuses, their standards, and the batches (syllabus + standard + fee) learners join. */
export function SchoolPage() {
  const syllabuses = useSyllabuses();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = syllabuses.data?.find((s) => s.id === selectedId) ?? syllabuses.data?.[0] ?? null;
  // The three panels stack on a phone: they show together, once their first reads have answered, so that
  // none grows from its spinner and pushes the others down. The panels read the same cached queries.
  // Once shown, they stay while another syllabus's standards load (in their own panel).
  const standards = useStandards(selected?.id ?? null);
  const batches = useBatches();
  const firstReads = allOf(syllabuses, standards, batches);
  const isLaidOut = useStaysTrue(!firstReads.isPending && !firstReads.isError);
  const panels = (
    <>
      <Row className="g-4 mb-4">
        <Col lg={6}>
          <SyllabusesPanel selectedId={selected?.id ?? null} onSelect={setSelectedId} />
        </Col>
        <Col lg={6}>
          <StandardsPanel syllabus={selected} />
        </Col>
      </Row>
      <BatchesPanel />
    </>
  );
  return (
    <>
      <PageHeader title="Syllabuses & Batches" />
      {isLaidOut ? panels : <AsyncContent query={firstReads}>{panels}</AsyncContent>}
    </>
  );
}
