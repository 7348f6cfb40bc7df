import type { ComponentProps, ReactNode } from 'react';
import { NavLink, type NavLinkProps } from 'react-router-dom';
import { classNames } from '@/lib/class-names';
import './icon-button.css';

type IconButtonProps = Omit<ComponentProps<'button'>, 'children' | 'aria-label'> & {
  /** The accessible name, also shown as a tooltip: an icon alone names nothing. */
  label: string;
  icon: ReactNode;
};

export function IconButton({ label, icon, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      className={classNames('icon-button', className)}
      aria-label={label}
      title={label}
      {...props}
    >
      {icon}
    </button>
  );
}

type IconLinkProps = Omit<NavLinkProps, 'children' | 'aria-label' | 'className'> & {
  label: string;
  icon: ReactNode;
};

export function IconLink({ label, icon, ...props }: IconLinkProps) {
  return (
    <NavLink className="icon-button" aria-label={label} title={label} {...props}>
      {icon}
    </NavLink>
  );
}
