import { classNames } from '@/lib/class-names';
import './user-avatar.css';

interface UserAvatarProps {
  username: string;
  src: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A member's photo, or their initial on the brand colour until they add one. Decoration: it always
 * sits beside the member's name, which says who it is.
 */
export function UserAvatar({ username, src, size = 'md' }: UserAvatarProps) {
  const className = classNames('user-avatar', `user-avatar--${size}`);
  if (src) {
    return <img className={className} src={src} alt="" />;
  }
  return (
    <span className={className} aria-hidden="true">
      {username.charAt(0).toUpperCase()}
    </span>
  );
}
