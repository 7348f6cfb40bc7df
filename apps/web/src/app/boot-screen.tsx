import { messages } from '@datebook/contracts';
import { PRODUCT_NAME } from '@/lib/product';
import { LogoMark } from '@/ui/icons/icons';
import './boot-screen.css';

/**
 * The app's frame with a skeleton of a screen: what index.html paints before any script runs (the
 * same markup, kept equal by a test), and what stays on show while the session is restored and the
 * first screen's code arrives, so the first paint costs the HTML and its stylesheet only. Plain
 * boxes styled as the header and the content, not their landmarks: those belong to the real frame.
 */
export function BootScreen() {
  return (
    <div className="app">
      <div className="app-header">
        <div className="app-header__inner">
          <span className="brand">
            <LogoMark size={30} />
            <span className="brand__name">{PRODUCT_NAME}</span>
          </span>
        </div>
      </div>
      <div className="app__main">
        <div className="boot-screen" role="status">
          <span className="visually-hidden">{messages.loading.generic}</span>
          <span className="boot-screen__title" />
          <span className="boot-screen__block" />
          <span className="boot-screen__line" />
          <span className="boot-screen__line boot-screen__line--short" />
        </div>
      </div>
      <div className="bottom-nav boot-screen__nav" />
    </div>
  );
}
