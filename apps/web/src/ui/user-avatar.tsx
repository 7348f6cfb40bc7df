import { classNames } from '@/lib/class-names';
import './user-avatar.css';

interface UserAvatarProps {
  username: string;
  src: string | null | undefined;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Describes the picture when it is the content; omitted, the avatar is decoration beside a name. */
  alt?: string;
}

/** A member's photo, or their initial on the brand colour until they add one. */
export function UserAvatar({ username, src, size = 'md', alt = '' }: UserAvatarProps) {
  const className = classNames('user-avatar', `user-avatar--${size}`);
  if (src) {
    return <img className={className} src={src} alt={alt} />;
  }
  return (
    <span
      className={className}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={!alt || undefined}
    >
      {username.charAt(0).toUpperCase()}
    </span>
  );
}
