import { AuthCard } from './auth-card';

export function AuthConfirmPage() {
  return <AuthCard title="Confirm Link" />;
}
