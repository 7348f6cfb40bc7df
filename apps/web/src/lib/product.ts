export const PRODUCT_NAME = 'Datebook';

/** "Explore · Datebook": the screen first, so tabs and history stay tellable apart. */
export function documentTitle(screen: string): string {
  return `${screen} · ${PRODUCT_NAME}`;
}
