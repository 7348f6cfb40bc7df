import type { PostKind } from '@datebook/contracts';
import { postTypeLabel } from '@datebook/domain';

const KINDS: PostKind[] = ['activity', 'date'];

/** Activity or Date: a pair of radio buttons drawn as a segmented control. */
export function KindToggle({ value, onChange }: { value: PostKind; onChange: (kind: PostKind) => void }) {
  return (
    <fieldset className="kind-toggle">
      <legend className="visually-hidden">What are you posting?</legend>
      {KINDS.map((kind) => (
        <label key={kind} className="kind-toggle__option">
          <input
            type="radio"
            name="post-kind"
            value={kind}
            checked={value === kind}
            onChange={() => onChange(kind)}
          />
          <span>{postTypeLabel(kind)}</span>
        </label>
      ))}
    </fieldset>
  );
}
