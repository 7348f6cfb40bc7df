import { useEffect, useState } from 'react';
import { messages, planMessages } from '@datebook/contracts';
import {
  instantOfPickerTime,
  MERIDIEMS,
  PICKER_HOURS,
  PICKER_MINUTES,
  pickerTimeOf,
  type Meridiem,
  type PickerTime,
} from '@datebook/domain';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import type { PlanSession } from '../hooks/use-plan';
import type { PlanPresence } from '../hooks/use-plan-presence';
import { useTypingIn } from '../hooks/use-typing-in';
import { zoneLabel, type PlanRow } from '../plan-format';
import { EditingNote } from './editing-note';

/** The plan's day and zone: the dialog reads and writes times on the plan's clock. */
interface PlanClock {
  date: string | null;
  timeZone: string;
}

const HOURS = PICKER_HOURS.map(String);
const MINUTES = PICKER_MINUTES.map((minute) => String(minute).padStart(2, '0'));

function initialTimes(row: PlanRow, plan: PlanClock) {
  const { timeZone } = plan;
  if (row.beginsAt && row.endsAt) {
    const begin = pickerTimeOf(row.beginsAt, timeZone);
    return { day: begin.day, begin: begin.time, end: pickerTimeOf(row.endsAt, timeZone).time };
  }
  const today = pickerTimeOf(new Date().toISOString(), timeZone).day;
  return {
    day: plan.date ?? today,
    begin: { hour: 9, minute: 0, meridiem: 'AM' } satisfies PickerTime,
    end: { hour: 10, minute: 0, meridiem: 'AM' } satisfies PickerTime,
  };
}

/** Hours 1 to 12, minutes 0 to 59 and AM/PM (spec section 2), for a start or an end. */
function TimeFields({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: PickerTime;
  onChange: (time: PickerTime) => void;
}) {
  return (
    <fieldset className="plan-time">
      <legend className="field__label">{legend}</legend>
      <SelectField
        label={`${legend} hour`}
        options={HOURS}
        value={String(value.hour)}
        onChange={(event) => onChange({ ...value, hour: Number(event.target.value) })}
      />
      <SelectField
        label={`${legend} minute`}
        options={MINUTES}
        value={String(value.minute).padStart(2, '0')}
        onChange={(event) => onChange({ ...value, minute: Number(event.target.value) })}
      />
      <SelectField
        label={`${legend} AM/PM`}
        options={MERIDIEMS}
        value={value.meridiem}
        onChange={(event) => onChange({ ...value, meridiem: event.target.value as Meridiem })}
      />
    </fieldset>
  );
}

/**
 * Sets a row's start and end together, as one operation, on the plan's clock (named when this
 * member's clock differs); or clears them.
 * An end before the start is caught here with the spec's text and never sent. While it is open,
 * the others see that this member is editing the row's time, and replacing a time someone set
 * meanwhile is told.
 */
export function TimePickerDialog({
  row,
  plan,
  session,
  presence,
  onClose,
}: {
  row: PlanRow;
  plan: PlanClock;
  session: PlanSession;
  presence: PlanPresence;
  onClose: () => void;
}) {
  const { timeZone } = plan;
  const { focus } = presence;
  useEffect(() => {
    focus({ ref: row.ref, field: 'time' });
    return () => focus(null);
  }, [focus, row.ref]);
  // The dialog shows its own copy of the times, so saving is compared with what it opened on.
  useTypingIn(session, [`times:${row.ref}`]);
  const [initial] = useState(() => initialTimes(row, plan));
  const [day, setDay] = useState(initial.day);
  const [begin, setBegin] = useState(initial.begin);
  const [end, setEnd] = useState(initial.end);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async (times: { beginsAt: string | null; endsAt: string | null }) => {
    if (sending) {
      return;
    }
    setSending(true);
    const result = await session.perform(
      { type: 'activity.setTimes', ref: row.ref, ...times },
      { quiet: true, onQueued: onClose },
    );
    setSending(false);
    if (!result.ok) {
      setError(result.alert);
    }
  };
  const zone = /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? zoneLabel(instantOfPickerTime(day, begin, timeZone), timeZone)
    : null;
  const save = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setError(messages.plans.alerts.updateTime + planMessages.invalidTime);
      return;
    }
    const beginsAt = instantOfPickerTime(day, begin, timeZone);
    const endsAt = instantOfPickerTime(day, end, timeZone);
    if (Date.parse(endsAt) < Date.parse(beginsAt)) {
      setError(messages.plans.endBeforeBegin);
      return;
    }
    void send({ beginsAt, endsAt });
  };

  return (
    <Dialog title="Set time" description={row.title} onClose={onClose}>
      <div className="plan-dialog">
        <EditingNote presence={presence} target={{ ref: row.ref, field: 'time' }} />
        <TextField
          label="Day"
          type="date"
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setError(undefined);
          }}
        />
        {zone && (
          <p className="plan-dialog__zone">
            Times in {timeZone.replace(/_/g, ' ')} ({zone})
          </p>
        )}
        <TimeFields
          legend="Start"
          value={begin}
          onChange={(time) => {
            setBegin(time);
            setError(undefined);
          }}
        />
        <TimeFields
          legend="End"
          value={end}
          onChange={(time) => {
            setEnd(time);
            setError(undefined);
          }}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="plan-dialog__actions">
          {row.beginsAt && (
            <Button variant="ghost" onClick={() => void send({ beginsAt: null, endsAt: null })}>
              Clear time
            </Button>
          )}
          <Button pending={sending} onClick={save}>
            Save time
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
