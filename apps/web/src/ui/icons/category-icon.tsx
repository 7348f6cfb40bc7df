import type { ReactNode } from 'react';
import { Icon, type IconProps } from './icons';

/**
 * The seeded categories' pictures, drawn like the app's other icons. The api's `icon` field holds an
 * emoji, which renders as an empty box on systems without an emoji font, so the web draws its own by
 * slug; a category it does not know yet gets a plain tag.
 */
const DRAWINGS: Record<string, ReactNode> = {
  outdoors: (
    <>
      <path d="M12 3 6.5 10H9l-4 6h14l-4-6h2.5z" />
      <path d="M12 16v5" />
    </>
  ),
  'food-drink': (
    <>
      <path d="M7 3h10l-.5 5a4.5 4.5 0 0 1-9 0z" />
      <path d="M12 12.5V21M8 21h8" />
    </>
  ),
  'arts-culture': (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.8-.8 1.8-1.8 0-.5-.2-.9-.5-1.2-.3-.4-.5-.8-.5-1.2 0-1 .8-1.8 1.8-1.8h2.1A4.3 4.3 0 0 0 21 10.7C21 6.4 17 3 12 3z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10" cy="7" r="1" />
      <circle cx="15" cy="7" r="1" />
    </>
  ),
  music: (
    <>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </>
  ),
  sports: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a13 13 0 0 1 0 18M12 3a13 13 0 0 0 0 18" />
    </>
  ),
  games: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="8" cy="8" r="1" />
      <circle cx="16" cy="8" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="8" cy="16" r="1" />
      <circle cx="16" cy="16" r="1" />
    </>
  ),
  wellness: (
    <>
      <path d="M5 20c0-9 5-15 15-16 0 10-6 16-15 16z" />
      <path d="M5 20 14 11" />
    </>
  ),
  learning: (
    <>
      <path d="M4 19V5a2 2 0 0 1 2-2h14v14H6a2 2 0 0 0-2 2 2 2 0 0 0 2 2h14" />
      <path d="M9 7h7" />
    </>
  ),
  nightlife: <path d="M20 14.5A8 8 0 1 1 9.5 4 6.5 6.5 0 0 0 20 14.5z" />,
  travel: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
    </>
  ),
  'at-home': (
    <>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h14V9.5" />
      <path d="M10 21v-5h4v5" />
    </>
  ),
  anniversary: (
    <>
      <circle cx="12" cy="15" r="6" />
      <path d="m9.5 6 2.5-3 2.5 3-2.5 3z" />
    </>
  ),
};

const TAG = (
  <>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>
);

/** The icon of the category with this slug. Decorative: the category's name is always beside it. */
export function CategoryIcon({ slug, ...props }: IconProps & { slug: string }) {
  return <Icon {...props}>{DRAWINGS[slug] ?? TAG}</Icon>;
}
