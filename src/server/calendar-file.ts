/**
 * An iCalendar (.ics) file of one appointment, for mail attachments and "Add to calendar"
 * (docs/decisions/014-rooms-and-events.md): times are written in UTC, which every calendar program
 * shows in its own time zone, so a booking at 10:00 in Dhaka reads 10:00 on a phone in Dhaka.
 */
import ical, { ICalCalendarMethod } from 'ical-generator';

export interface CalendarEntry {
  /** Stable per booking or event, so a second file updates the first entry instead of adding one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
}

export function calendarFile(appName: string, entry: CalendarEntry): string {
  const calendar = ical({
    name: appName,
    prodId: { company: appName, product: appName, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: entry.uid,
    start: entry.start,
    end: entry.end,
    summary: entry.summary,
    description: entry.description,
    location: entry.location,
    url: entry.url,
  });
  return calendar.toString();
}
