import type { FormEvent, ReactNode } from 'react';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import './form-dialog.css';

interface FormDialogProps {
  title: string;
  description: string;
  submitLabel: string;
  form: {
    handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
    pending: boolean;
  };
  onClose: () => void;
  children: ReactNode;
}

/** A dialog holding one small form: its fields, then Cancel and the submit button. */
export function FormDialog({ title, description, submitLabel, form, onClose, children }: FormDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      {/* The schemas validate, with the spec's messages; the browser's own bubbles would differ. */}
      <form className="form-dialog" noValidate onSubmit={form.handleSubmit}>
        {children}
        <FormFooter onCancel={onClose} actionLabel={submitLabel} pending={form.pending} />
      </form>
    </Dialog>
  );
}
