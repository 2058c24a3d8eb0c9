import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageHeader } from '@/components/ui/page-header';
import { useSyllabuses } from '../api/get-syllabuses';
import { BatchesPanel } from './batches-panel';
import { StandardsPanel } from './standards-panel';
import { SyllabusesPanel } from './syllabuses-panel';

/** Syllabuses, their standards, and the batches (syllabus + standard + fee) learners join. */
export function SchoolPage() {
  const syllabuses = useSyllabuses();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = syllabuses.data?.find((s) => s.id === selectedId) ?? syllabuses.data?.[0] ?? null;
  return (
    <>
      <PageHeader title="Syllabuses & Batches" />
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
}
