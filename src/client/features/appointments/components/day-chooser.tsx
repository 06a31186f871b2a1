/**
 * The desk's choice of a day for its bookings: the day before and after, today, and any day by
 * three fields (day, month, year) written in the page's language, never the browser's own date
 * format (docs/product.md#language).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { addDays, isCalendarDay } from '../../../../common/calendar.ts';
import { formatNumber, locale } from '../../../lib/i18n.ts';
import { tAppointments } from '../texts.ts';

const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
const MONTHS = Array.from({ length: 12 }, (_, index) =>
  monthName.format(new Date(Date.UTC(2026, index, 1))),
);
const pad = (value: number) => String(value).padStart(2, '0');

interface DayParts {
  year: number;
  month: number;
  date: number;
}
const partsOf = (day: string): DayParts => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, date };
};
const dayOf = (parts: DayParts) => `${parts.year}-${pad(parts.month)}-${pad(parts.date)}`;

function PartSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: { value: number; text: string }[];
  onChange: (value: number) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <select
        className="select w-auto select-sm"
        value={value}
        onChange={(change) => onChange(Number(change.target.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Day, month and year fields in the page's language, for the years around `today`. */
function DaySelects({
  parts,
  today,
  onChange,
}: {
  parts: DayParts;
  today: string;
  onChange: (parts: DayParts) => void;
}) {
  const texts = tAppointments.desk;
  const thisYear = Number(today.slice(0, 4));
  return (
    <>
      <PartSelect
        label={texts.dayPart}
        value={parts.date}
        options={Array.from({ length: 31 }, (_, index) => ({
          value: index + 1,
          text: formatNumber(index + 1),
        }))}
        onChange={(date) => onChange({ ...parts, date })}
      />
      <PartSelect
        label={texts.monthPart}
        value={parts.month}
        options={MONTHS.map((text, index) => ({ value: index + 1, text }))}
        onChange={(month) => onChange({ ...parts, month })}
      />
      <PartSelect
        label={texts.yearPart}
        value={parts.year}
        options={[thisYear - 1, thisYear, thisYear + 1].map((value) => ({
          value,
          text: formatNumber(value).replaceAll(/[,،]/g, ''),
        }))}
        onChange={(year) => onChange({ ...parts, year })}
      />
    </>
  );
}

/** A form's day field (`name`, YYYY-MM-DD) written as day, month and year in the page's language. */
export function DayField({ name, day, today }: { name: string; day: string; today: string }) {
  const [parts, setParts] = useState(partsOf(day));
  return (
    <div className="flex flex-wrap items-end gap-2">
      <DaySelects parts={parts} today={today} onChange={setParts} />
      <input type="hidden" name={name} value={dayOf(parts)} />
    </div>
  );
}

export function DayChooser({
  day,
  today,
  linkTo,
}: {
  day: string;
  today: string;
  linkTo: (day: string) => string;
}) {
  const texts = tAppointments.desk;
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(partsOf(day));
  const asked = dayOf(chosen);
  function go(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCalendarDay(asked)) void navigate(linkTo(asked));
  }
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label={texts.dayNavigation} className="flex flex-wrap gap-2">
        <Link to={linkTo(addDays(day, -1))} className="btn btn-sm">
          {texts.previousDay}
        </Link>
        <Link
          to={linkTo(today)}
          className={`btn btn-sm ${day === today ? 'btn-primary' : ''}`}
          aria-current={day === today ? 'date' : undefined}
        >
          {texts.today}
        </Link>
        <Link to={linkTo(addDays(day, 1))} className="btn btn-sm">
          {texts.nextDay}
        </Link>
      </nav>
      <form className="flex flex-wrap items-end gap-2" onSubmit={go} aria-label={texts.dayField}>
        <DaySelects parts={chosen} today={today} onChange={setChosen} />
        <button type="submit" className="btn btn-sm btn-primary" disabled={!isCalendarDay(asked)}>
          {texts.show}
        </button>
      </form>
    </div>
  );
}
