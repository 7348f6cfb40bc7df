/** The member's photo, or the placeholder: the username's first letter on the brand colour. */
export function Avatar({ username, src }: { username: string; src?: string | null }) {
  if (src) {
    return <img className="avatar" src={src} alt="" />;
  }
  return (
    <span className="avatar" aria-hidden="true">
      {username.charAt(0).toUpperCase()}
    </span>
  );
}
