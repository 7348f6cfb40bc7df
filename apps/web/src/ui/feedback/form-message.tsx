import type { ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import { AlertIcon, CheckIcon } from '@/ui/icons/icons';
import './form-message.css';

interface FormMessageProps {
  tone: 'error' | 'success';
  children: ReactNode;
}

/**
 * A message about a whole form, shown where it was submitted: failures in red and announced at
 * once, confirmations politely.
 */
export function FormMessage({ tone, children }: FormMessageProps) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={classNames('form-message', `form-message--${tone}`)}
    >
      {tone === 'error' ? <AlertIcon size={18} /> : <CheckIcon size={18} />}
      <span>{children}</span>
    </p>
  );
}
