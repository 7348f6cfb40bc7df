import type { ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import { Button, buttonClassName, type ButtonVariant } from './button';
import { MenuButton } from './menu-button';
import './action-bar.css';

export interface BarAction {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  variant?: ButtonVariant;
}

interface ActionBarProps {
  /** Names the group of actions. */
  label: string;
  /** Names the menu that holds the other actions on a phone. */
  menuLabel: string;
  /** The screen's main action, always in view; without one, the first action takes its place. */
  primary?: ReactNode;
  actions: BarAction[];
}

/**
 * A screen's actions in one row from tablet width up. On a phone a row of five wraps into several,
 * so there the main action stays in view and the others wait in a menu. Both layouts are rendered
 * and CSS shows one (the hidden one is out of the accessibility tree too), so the choice follows
 * the viewport with no resize listener.
 */
export function ActionBar({ label, menuLabel, primary, actions }: ActionBarProps) {
  const promoted = primary === undefined ? actions[0] : undefined;
  const rest = promoted === undefined ? actions : actions.slice(1);
  const collapsing = rest.length > 1;
  const button = (action: BarAction, wideOnly: boolean) => (
    <Button
      key={action.label}
      variant={action.variant ?? 'secondary'}
      className={classNames(wideOnly && 'action-bar__wide-only')}
      onClick={action.onSelect}
    >
      {action.icon}
      {action.label}
    </Button>
  );
  return (
    <div className="action-bar" role="group" aria-label={label}>
      {promoted && button(promoted, false)}
      {rest.map((action) => button(action, collapsing))}
      {primary}
      {collapsing && (
        <div className="action-bar__phone-only">
          <MenuButton
            label={menuLabel}
            trigger="More"
            triggerClassName={buttonClassName('secondary')}
            items={rest.map((action) => ({ label: action.label, onSelect: action.onSelect }))}
          />
        </div>
      )}
    </div>
  );
}
