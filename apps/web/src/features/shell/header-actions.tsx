import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { webRoutes } from '@datebook/contracts';
import { FeedbackDialog, NewsletterDialog } from '@/features/forms';
import { useSessionUser } from '@/features/session';
import { IconButton, IconLink } from '@/ui/actions/icon-button';
import { BellIcon, MailIcon, MessageIcon, ShieldIcon } from '@/ui/icons/icons';

/** The header's icons; an admin sees only the way to the admin tools instead. */
export function HeaderActions() {
  const user = useSessionUser();
  return user?.accessType === 'admin' ? <AdminToolsLink /> : <MemberActions />;
}

function AdminToolsLink() {
  return (
    <Link to={webRoutes.adminPostTests} className="header-admin-link">
      <ShieldIcon size={20} />
      Admin tools
    </Link>
  );
}

type OpenDialog = 'newsletter' | 'feedback' | null;

function MemberActions() {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const close = () => setOpenDialog(null);
  return (
    <div className="header-actions">
      <IconButton label="Newsletter signup" icon={<MailIcon />} onClick={() => setOpenDialog('newsletter')} />
      <IconButton label="Send feedback" icon={<MessageIcon />} onClick={() => setOpenDialog('feedback')} />
      <IconLink label="Notifications" icon={<BellIcon />} to={webRoutes.notifications} />
      <Suspense fallback={null}>
        {openDialog === 'newsletter' && <NewsletterDialog onClose={close} />}
        {openDialog === 'feedback' && <FeedbackDialog onClose={close} />}
      </Suspense>
    </div>
  );
}
