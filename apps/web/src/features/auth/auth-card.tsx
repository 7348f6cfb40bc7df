import type { ReactNode } from 'react';
import { documentTitle } from '@/lib/product';
import { LogoMark } from '@/ui/icons/icons';
import './auth.css';

/** The centred card the authentication screens share. */
interface AuthCardProps {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <div className="auth">
      <title>{documentTitle(title)}</title>
      <div className="auth__card">
        <LogoMark size={40} />
        <h1 className="auth__title">{title}</h1>
        {subtitle && <p className="auth__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
