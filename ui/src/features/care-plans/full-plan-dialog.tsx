import { useQuery } from '@tanstack/react-query';
import { FileDown, Printer } from 'lucide-react';
import { FormDialog } from '../../shared/form-dialog';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { carePlanPath, carePlanQueryOptions } from './care-plan-queries';
import { PlanContent } from './plan-content';

/** View Full Plan: the whole plan, printable (the browser's print) and as a PDF document. */
export function FullPlanDialog({ planId, onClose }: { planId: string | undefined; onClose: () => void }) {
  return (
    <FormDialog open={planId !== undefined} onOpenChange={(open) => !open && onClose()} title="Full care plan">
      {planId !== undefined && <FullPlan planId={planId} />}
    </FormDialog>
  );
}

function FullPlan({ planId }: { planId: string }) {
  const plan = useQuery(carePlanQueryOptions(planId));
  if (plan.isPending) return <ListLoading what="the care plan" />;
  if (plan.isError)
    return <ListLoadError what="the care plan" error={plan.error} onRetry={() => void plan.refetch()} />;
  return (
    <div className="full-plan" data-testid="full-plan">
      <div className="plan-detail-head">
        <h3 className="care-plan-title">{plan.data.title}</h3>
        <div className="card-actions">
          <button type="button" className="button button-secondary button-small" onClick={() => window.print()}>
            <Printer size={14} aria-hidden /> Print
          </button>
          <a
            className="button button-primary button-small"
            href={carePlanPath(plan.data.id, '/pdf')}
            download
            data-testid="plan-pdf"
          >
            <FileDown size={14} aria-hidden /> Download PDF
          </a>
        </div>
      </div>
      <PlanContent plan={plan.data} />
    </div>
  );
}
