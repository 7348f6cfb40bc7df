import { MapPinIcon } from '@/ui/icons/action-icons';

/** Location and frequent tags; the api leaves them out when hidden, and nothing shows then. */
export function ProfileDetails({ location, tags }: { location: string | null; tags: string[] | null }) {
  if (!location && !tags?.length) {
    return null;
  }
  return (
    <div className="profile-details">
      {location && (
        <p className="profile-details__location">
          <MapPinIcon size={18} />
          <span className="visually-hidden">Location: </span>
          {location}
        </p>
      )}
      {tags && tags.length > 0 && (
        <ul className="profile-details__tags" aria-label="Frequent tags">
          {tags.map((tag) => (
            <li key={tag} className="profile-details__tag">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
