import { Link, type LinkProps } from 'react-router-dom';
import { classNames } from '@/lib/class-names';
import { buttonClassName, type ButtonVariant } from './button';
import './button.css';

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; block?: boolean };

/** A navigation link that looks like a button: it still goes somewhere, so it stays a link. */
export function ButtonLink({ variant = 'primary', block = false, className, ...props }: ButtonLinkProps) {
  return <Link className={classNames(buttonClassName(variant, block), className)} {...props} />;
}
