import { Link } from 'react-router-dom';
import { webRoutes, type PostAuthor } from '@datebook/contracts';
import { authorLabel } from '@datebook/domain';
import { UserAvatar } from '@/ui/media/user-avatar';

/** The author's avatar and name; a link to their profile above the card's own link. */
export function CardAuthor({ author }: { author: PostAuthor }) {
  return (
    <Link className="post-card__author" to={webRoutes.profile(author.username)}>
      <UserAvatar username={author.username || '?'} src={author.avatarUrl} size="sm" />
      <span>{authorLabel(author)}</span>
    </Link>
  );
}
