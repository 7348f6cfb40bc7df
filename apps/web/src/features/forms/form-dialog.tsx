import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/ui/actions/button';
import { Dialog } from '@/ui/layout/dialog/dialog';
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
        <div className="form-dialog__actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={form.pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
