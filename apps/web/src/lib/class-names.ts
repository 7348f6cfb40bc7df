/** Joins the class names that apply, skipping the falsy ones of conditional classes. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
