import { messages } from '@datebook/contracts';
import './boot-screen.css';

/** Shown only while the first screen's code arrives. */
export function BootScreen() {
  return (
    <div className="boot-screen" role="status">
      <span className="boot-screen__spinner" aria-hidden="true" />
      <span className="visually-hidden">{messages.loading.generic}</span>
    </div>
  );
}
