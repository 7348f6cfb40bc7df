import { Button } from '@/ui/actions/button';
import { Dialog } from './dialog';
import { TextField } from '@/ui/inputs/text-field';
import './manual-copy-dialog.css';

/** The last resort of sharing: the link, selected, for the user to copy by hand. */
export function ManualCopyDialog({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Dialog title="Copy link" description="Copy this link to share it." onClose={onClose}>
      <div className="manual-copy">
        <TextField label="Link" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}
