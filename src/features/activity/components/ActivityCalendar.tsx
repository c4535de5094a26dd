import { format } from 'date-fns';
import { DayPicker, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { DayTotals } from '@/domain/activityStats';
import { dayToDate, formatMinutes } from '../days';
import { dayButtonLabel } from '@/components/dayButtonLabel';
import { useT } from '@/i18n';
import { dateFnsLocale } from '@/i18n/dates';

/** Shade steps by active minutes in a day. */
const LEVELS = [
  { name: 'level1', from: 1 },
  { name: 'level2', from: 30 },
  { name: 'level3', from: 60 },
  { name: 'level4', from: 90 },
] as const;

function levelOf(minutes: number): (typeof LEVELS)[number]['name'] | undefined {
  return [...LEVELS].reverse().find((level) => minutes >= level.from)?.name;
}

export interface ActivityCalendarProps {
  month: string;
  selected: string;
  today: string;
  days: readonly DayTotals[];
  weekStartsOn: number;
  onSelectDay: (date: Date) => void;
  onMonthChange: (month: Date) => void;
}

/**
 * The activity calendar: a month grid whose days are shaded by active minutes, today marked,
 * with the keyboard navigation of react-day-picker (arrows, Page Up/Down for months, Home/End).
 */
export function ActivityCalendar({
  month,
  selected,
  today,
  days,
  weekStartsOn,
  onSelectDay,
  onMonthChange,
}: ActivityCalendarProps) {
  const t = useT();
  const totals = new Map(days.map((day) => [day.date, day]));
  const modifiers: Record<string, Matcher[]> = Object.fromEntries(LEVELS.map((level) => [level.name, []]));
  for (const day of days) {
    const level = levelOf(day.minutes);
    if (level) modifiers[level]?.push(dayToDate(day.date));
  }

  return (
    <div className="activity-calendar">
      <DayPicker
        mode="single"
        required
        month={dayToDate(`${month}-01`)}
        onMonthChange={onMonthChange}
        selected={dayToDate(selected)}
        onSelect={(date: Date | undefined) => {
          if (date) onSelectDay(date);
        }}
        today={dayToDate(today)}
        weekStartsOn={weekStartsOn as 0 | 1 | 2 | 3 | 4 | 5 | 6}
        locale={dateFnsLocale()}
        modifiers={modifiers}
        modifiersClassNames={Object.fromEntries(
          LEVELS.map((level) => [level.name, `activity-${level.name}`]),
        )}
        labels={{
          labelNext: () => t('activity.calendar.nextMonth'),
          labelPrevious: () => t('activity.calendar.previousMonth'),
          labelDayButton: (date, dayModifiers) => {
            const total = totals.get(format(date, 'yyyy-MM-dd'));
            return dayButtonLabel(
              date,
              dayModifiers,
              total
                ? t('activity.calendar.dayTotals', {
                    minutes: formatMinutes(total.minutes),
                    sessions: total.sessions,
                  })
                : t('activity.calendar.noWorkouts'),
            );
          },
        }}
      />
      <p className="activity-legend" aria-hidden="true">
        <span>{t('activity.calendar.less')}</span>
        {LEVELS.map((level) => (
          <span key={level.name} className={`activity-swatch activity-${level.name}`} />
        ))}
        <span>{t('activity.calendar.more')}</span>
      </p>
    </div>
  );
}
