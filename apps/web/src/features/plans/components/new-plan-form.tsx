import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, webRoutes } from '@datebook/contracts';
import { newOpId } from '@datebook/domain';
import { isApiError } from '@/lib/api-error';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { TextField } from '@/ui/inputs/text-field';
import { createPlan } from '../api';
import { planAddress } from '../plan-address';
import { browserTimeZone } from '../plan-format';
import { planKeys } from '../query-keys';
import { TAB_CLIENT_ID } from '../sync/tab-client-id';

/**
 * /plan without a plan: a title (required to save the draft) and an optional date; the plan takes
 * this browser's zone (the owner can change it in the editor). Saving creates
 * the draft and puts its id in the address, so a reload or a collaborator's link reopens it. The op
 * id is made once for this draft, so a retry after a lost answer makes no second plan.
 */
export function NewPlanForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const opId = useRef(newOpId());
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [titleError, setTitleError] = useState<string>();
  const create = useMutation({
    mutationFn: () =>
      createPlan({
        opId: opId.current,
        clientId: TAB_CLIENT_ID,
        title,
        date: date || null,
        timeZone: browserTimeZone(),
      }),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      void queryClient.invalidateQueries({ queryKey: planKeys.lists() });
      void navigate(planAddress(webRoutes.plan, plan.id), { replace: true });
    },
    onError: (error) => {
      // The plan this op id made was deleted since (the answer to it was lost): the member is told,
      // and saving again is a new intent, so a new plan.
      if (isApiError(error) && error.code === 'CONFLICT') {
        opId.current = newOpId();
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) {
      return;
    }
    if (title.trim() === '') {
      setTitleError(messages.plans.addTitleBeforeSaving);
      return;
    }
    create.mutate();
  };
  const issue = (path: string) =>
    isApiError(create.error) ? create.error.issues.find((item) => item.path === path)?.message : undefined;

  return (
    <form className="plan-new" onSubmit={submit} noValidate>
      <TextField
        label="Title"
        value={title}
        maxLength={80}
        error={titleError ?? issue('title')}
        onChange={(event) => {
          setTitle(event.target.value);
          setTitleError(undefined);
        }}
      />
      <TextField
        label="Date"
        type="date"
        optional
        value={date}
        error={issue('date')}
        onChange={(event) => setDate(event.target.value)}
      />
      {create.isError && (
        <FormMessage tone="error">{`${messages.plans.alerts.saveDraft}${create.error.message}`}</FormMessage>
      )}
      <Button type="submit" pending={create.isPending}>
        Save Draft
      </Button>
    </form>
  );
}
