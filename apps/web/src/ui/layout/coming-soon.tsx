import { messages } from '@datebook/contracts';
import { ClockIcon } from '@/ui/icons/icons';
import './page.css';

/** The spec's placeholder for screens that are announced but not built. */
export function ComingSoon() {
  return (
    <div className="coming-soon">
      <ClockIcon size={32} />
      <p className="coming-soon__text">{messages.pages.comingSoon}</p>
    </div>
  );
}
