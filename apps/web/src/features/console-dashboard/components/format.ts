import { formatMoney } from '@club/shared';

/** Money, dates and percentages in the staff member's language (Intl), built once per language. */
export function formatsFor(language: string) {
  const locale = language === 'en' ? 'en-GB' : 'pl-PL';
  const day = (iso: string) => new Date(`${iso}T12:00:00`);
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const long = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const whole = new Intl.NumberFormat(locale);
  return {
    money: (pln: number) => formatMoney(pln, language),
    /** An axis tick: "12,5 tys. zł" / "12.5K zł". */
    moneyTick: (pln: number) => `${compact.format(pln)} zł`,
    count: (n: number) => whole.format(n),
    percent: (share: number) => percent.format(share),
    weekTick: (monday: string) => short.format(day(monday)),
    /** A club week, Monday to Sunday: "24–30 lis", with the year when it is not this one's. */
    week: (monday: string) => {
      const sunday = new Date(day(monday).getTime() + 6 * 86_400_000);
      const thisYear = new Date().getFullYear();
      const inThisYear = day(monday).getFullYear() === thisYear && sunday.getFullYear() === thisYear;
      return (inThisYear ? short : long).formatRange(day(monday), sunday);
    },
    date: (iso: string) => long.format(day(iso)),
  };
}
export type Formats = ReturnType<typeof formatsFor>;
