import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { dayNumber, isoDay, REPORT_MAX_DAYS, reportQuery, type Report, type ReportQuery } from '@app/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { downloadFile } from '../../api/download-file';
import { BalancesOwed } from './balances-owed';

const reports: { report: Report; title: string; about: string }[] = [
  {
    report: 'gst',
    title: 'GST register',
    about:
      'Every tax invoice and credit note issued, as printed: number, date, buyer, place of supply, taxable value, ' +
      'CGST, SGST or UTGST, IGST. Credit notes are negative, so each column adds up to the net.',
  },
  {
    report: 'payouts',
    title: 'Payouts',
    about:
      'Every withdrawal paid, and every one the bank sent back, with the account paid, the bank reference and ' +
      'the learner’s PAN.',
  },
  {
    report: 'earnings',
    title: 'Earnings by PAN',
    about:
      'Referral commission, level rewards and points redeemed per person, less what refunds took back: accounts ' +
      'that share a PAN add up on one line. Held money counts on the day its hold ends.',
  },
  {
    report: 'provider',
    title: 'Payments at Razorpay',
    about:
      'Every payment and refund at Razorpay: course payments with their invoice, payments that bought nothing and ' +
      'their automatic refunds, refunds by an operator, in Razorpay’s dashboard or by a dispute lost, with payment, ' +
      'order and refund ids. Totals, money in, money out and the net to compare with Razorpay’s settlements ' +
      '(before its fees).',
  },
];

/** India's calendar today and the first of its month, as the date inputs hold them. */
function thisMonth(): ReportQuery {
  const today = isoDay(dayNumber(new Date()));
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The previous month, and the financial year so far (from 1 April), in India days. */
function presets(): { label: string; period: ReportQuery }[] {
  const { from, to } = thisMonth();
  const lastOfPrevious = isoDay(dayNumber(new Date(`${from}T00:00:00+05:30`)) - 1);
  const year = Number(to.slice(0, 4)) - (Number(to.slice(5, 7)) < 4 ? 1 : 0);
  return [
    { label: 'This month', period: { from, to } },
    { label: 'Last month', period: { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious } },
    { label: 'Financial year to date', period: { from: `${year}-04-01`, to } },
  ];
}

/** The accountant's registers: a period, then one CSV per register; then Balances owed, now and at month ends. */
export function ReportsPage() {
  const [busy, setBusy] = useState<Report | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReportQuery, unknown, ReportQuery>({
    resolver: formResolver(reportQuery),
    mode: 'onTouched',
    defaultValues: thisMonth(),
  });

  const download = (report: Report) =>
    handleSubmit(async (period) => {
      setBusy(report);
      try {
        await downloadFile(
          `/admin/reports/${report}?from=${period.from}&to=${period.to}`,
          `${reports
            .find((r) => r.report === report)!
            .title.toLowerCase()
            .replaceAll(' ', '-')}-${period.from}-to-${period.to}.csv`,
        );
      } catch (error) {
        showServerError(error, { setError, fields: ['from', 'to'] });
      } finally {
        setBusy(null);
      }
    });

  return (
    <>
      <PageHeader title="Reports" />
      <p className="text-body-secondary">
        Registers for the accountant, as CSV files that open in a spreadsheet. Dates are India days, both included, at
        most {REPORT_MAX_DAYS} days; each download is recorded in the audit log.
      </p>
      <Form
        noValidate
        aria-label="Period"
        className="admin-filters align-items-start mb-2"
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField
          id="report-from"
          label="From"
          type="date"
          className="mb-0"
          registration={register('from')}
          error={errors.from?.message}
        />
        <TextField
          id="report-to"
          label="To"
          type="date"
          className="mb-0"
          registration={register('to')}
          error={errors.to?.message}
        />
      </Form>
      <div className="d-flex flex-wrap gap-2 mb-4" role="group" aria-label="Periods">
        {presets().map(({ label, period }) => (
          <Button key={label} size="sm" variant="outline-secondary" onClick={() => reset(period)}>
            {label}
          </Button>
        ))}
      </div>
      <ul className="list-unstyled d-grid gap-3">
        {reports.map(({ report, title, about }) => (
          <li key={report} className="card">
            <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-center">
              <div className="flex-grow-1">
                <h2 className="h5 mb-1">{title}</h2>
                <p className="small text-body-secondary mb-0">{about}</p>
              </div>
              <SubmitButton
                type="button"
                className="text-nowrap flex-shrink-0"
                isBusy={busy === report}
                disabled={busy !== null}
                onClick={() => void download(report)()}
              >
                Download CSV<span className="visually-hidden">: {title}</span>
              </SubmitButton>
            </div>
          </li>
        ))}
      </ul>
      <BalancesOwed />
    </>
  );
}
