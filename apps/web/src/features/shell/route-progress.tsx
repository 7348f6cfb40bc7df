import { useNavigation } from 'react-router-dom';

/** A thin bar while the next screen's code loads; the current screen stays usable meanwhile. */
export function RouteProgress() {
  const { state } = useNavigation();
  return state === 'idle' ? null : <div className="route-progress" aria-hidden="true" />;
}
