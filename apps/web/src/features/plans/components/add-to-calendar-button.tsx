import { planLiveMessages } from '@datebook/contracts';
import { planCalendarFileName, planCalendarIcs, type PlanState } from '@datebook/domain';
import { Button } from '@/ui/actions/button';

/** Saves the file through a temporary link, the one way every browser downloads generated data. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once cancels the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'Add to calendar': the plan's scheduled rows as a .ics file, on the plan's clock. */
export function downloadPlanCalendar(plan: PlanState) {
  download(planCalendarFileName(plan.title), planCalendarIcs(plan, { now: new Date() }));
}

export function AddToCalendarButton({ plan }: { plan: PlanState }) {
  return (
    <Button variant="secondary" onClick={() => downloadPlanCalendar(plan)}>
      {planLiveMessages.addToCalendar}
    </Button>
  );
}
