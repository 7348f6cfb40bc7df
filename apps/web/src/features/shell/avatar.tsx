/** The placeholder avatar: the username's first letter on the brand colour. */
export function Avatar({ username }: { username: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {username.charAt(0).toUpperCase()}
    </span>
  );
}
