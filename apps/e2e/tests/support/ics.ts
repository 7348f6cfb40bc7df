/** One VEVENT of a calendar file: its properties by name, parameters kept (`DTSTART;TZID=…`). */
export interface CalendarEvent {
  properties: Map<string, string>;
  /** The property's value whatever its parameters: `DTSTART;TZID=X:v` and `DTSTART:v` both give v. */
  value(name: string): string | undefined;
  /** The property's whole line before the value's colon, e.g. `DTSTART;TZID=America/New_York`. */
  nameWithParameters(name: string): string | undefined;
}

export interface CalendarFile {
  /** Content lines, unfolded (RFC 5545, 3.1: a line starting with a space continues the one before). */
  lines: string[];
  events: CalendarEvent[];
}

/** Reads an .ics text as a calendar program does, enough to check what it holds. */
export function parseCalendar(text: string): CalendarFile {
  const lines = text.split('\r\n').reduce<string[]>((unfolded, line) => {
    if (line.startsWith(' ') && unfolded.length > 0) {
      unfolded[unfolded.length - 1] += line.slice(1);
    } else if (line !== '') {
      unfolded.push(line);
    }
    return unfolded;
  }, []);
  const events: CalendarEvent[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') {
      current = new Map();
    } else if (line === 'END:VEVENT' && current) {
      events.push(calendarEvent(current));
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return { lines, events };
}

function calendarEvent(properties: Map<string, string>): CalendarEvent {
  const key = (name: string) => [...properties.keys()].find((full) => full.split(';', 1)[0] === name);
  return {
    properties,
    value: (name) => {
      const full = key(name);
      return full === undefined ? undefined : properties.get(full);
    },
    nameWithParameters: key,
  };
}
