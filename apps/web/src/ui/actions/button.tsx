import type { ComponentProps } from 'react';
import { classNames } from '@/lib/class-names';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export function buttonClassName(variant: ButtonVariant, block = false): string {
  return classNames('button', `button--${variant}`, block && 'button--block');
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Full width of its container. */
  block?: boolean;
  /**
   * Work is under way. The button stays focusable (so focus is not lost mid-submit) but reads as
   * disabled and shows a spinner; handlers must ignore activation while pending.
   */
  pending?: boolean;
};

export function Button({
  variant = 'primary',
  block = false,
  pending = false,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames(buttonClassName(variant, block), className)}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
