import { useEffect } from 'react';
import type { PlanSession } from './use-plan';

/**
 * For a form that, while open, shows its own copy of `registers` rather than what arrives (a
 * dialog's fields): what the member sends is compared with what they saw when it opened.
 */
export function useTypingIn(
  { startTyping, stopTyping }: Pick<PlanSession, 'startTyping' | 'stopTyping'>,
  registers: readonly string[],
) {
  const key = registers.join(' ');
  useEffect(() => {
    const open = key.split(' ');
    open.forEach(startTyping);
    return () => open.forEach(stopTyping);
  }, [key, startTyping, stopTyping]);
}
