/**
 * The console of the club's staff (docs/console.md), under /panel/admin: its routes and its navigation,
 * in one table each. Kept apart from config/paths.ts on purpose: only the console's own chunk imports
 * this file, so members' and dealers' JavaScript does not carry a byte of it.
 *
 * A new console screen: its path in `consolePaths`, one line in `consoleNav` (if the side navigation
 * lists it), and its page in `features/console-<area>/console-routes.tsx` (found by app/console).
 */
export const CONSOLE_BASE = '/admin';

/**
 * How often a console screen showing an invoice that waits for KSeF reads its state again: the outbox
 * sends it in the background, and the screen shows KSeF's number or refusal without a reload.
 */
export const KSEF_FOLLOW_MS = 3_000;

export const consolePaths = {
  home: CONSOLE_BASE,
  /** The sales dashboard (issue 17): sales per week and experience, seats, what waits. */
  dashboard: `${CONSOLE_BASE}/dashboard`,
  /** Sign-in, second step (the authenticator's code, or the first enrolment): no session yet. */
  secondFactor: `${CONSOLE_BASE}/sign-in`,
  /** The invitation link of a new staff member (sets the password, then the second factor). */
  invitation: `${CONSOLE_BASE}/invitation`,
  experiences: `${CONSOLE_BASE}/experiences`,
  /** One experience (`new` for the form of a new one): `consoleExperiencePath(id)`. */
  experience: `${CONSOLE_BASE}/experiences/:id`,
  staff: `${CONSOLE_BASE}/staff`,
  audit: `${CONSOLE_BASE}/audit`,
  galleries: `${CONSOLE_BASE}/galleries`,
  galleryNew: `${CONSOLE_BASE}/galleries/new`,
  gallery: `${CONSOLE_BASE}/galleries/:id`,
  /** The content pages: the FAQ first, then the about page, the partners and contact. */
  content: `${CONSOLE_BASE}/content`,
  contentAbout: `${CONSOLE_BASE}/content/about`,
  contentPartners: `${CONSOLE_BASE}/content/partners`,
  contentContact: `${CONSOLE_BASE}/content/contact`,
  /** The sales desk (issue 17): orders, one order, the seat board and one experience's attendees. */
  orders: `${CONSOLE_BASE}/orders`,
  order: `${CONSOLE_BASE}/orders/:id`,
  seats: `${CONSOLE_BASE}/seats`,
  seat: `${CONSOLE_BASE}/seats/:id`,
  /** VAT invoices: the queue of requests, then the issued invoices and corrections. */
  invoices: `${CONSOLE_BASE}/invoices`,
  invoicesIssued: `${CONSOLE_BASE}/invoices/issued`,
  /** For the accountant (issue 30): a range's orders, payments, refunds and invoices as files. */
  accounting: `${CONSOLE_BASE}/accounting`,
  /** The outbox: every mail the club sent or is sending; one mail at `consoleMailPath(id)`. */
  mail: `${CONSOLE_BASE}/mail`,
  mailItem: `${CONSOLE_BASE}/mail/:id`,
  discounts: `${CONSOLE_BASE}/discounts`,
  members: `${CONSOLE_BASE}/members`,
  member: `${CONSOLE_BASE}/members/:id`,
  /** Mail to the people who come (issue 29): an experience's attendees or waiting list. */
  eventMail: `${CONSOLE_BASE}/event-mail`,
  /** The gate on the event day (issue 29): scan or find a ticket, let its holder in. */
  gate: `${CONSOLE_BASE}/gate`,
  /** The door list of a check-in list (`?list=id`): everyone by surname, ticks, printable. */
  doorList: `${CONSOLE_BASE}/gate/door-list`,
  /** The check-in lists of an experience: added, renamed, removed, with their check-out setting. */
  checkInLists: `${CONSOLE_BASE}/gate/lists`,
} as const;

export const consoleExperiencePath = (id: number | 'new') => `${CONSOLE_BASE}/experiences/${id}`;
export const consoleOrderPath = (id: number) => `${CONSOLE_BASE}/orders/${id}`;
export const consoleSeatPath = (id: number) => `${CONSOLE_BASE}/seats/${id}`;
export const consoleMailPath = (id: number) => `${CONSOLE_BASE}/mail/${id}`;
export const consoleMemberPath = (id: number) => `${CONSOLE_BASE}/members/${id}`;
export const consoleGalleryPath = (id: number) => `${CONSOLE_BASE}/galleries/${id}`;

/** Who may see a console screen: every staff member, or administrators only. */
export type ConsoleAccess = 'staff' | 'admin';

/** The side navigation's icons (app/console/console-icons.tsx). */
export type ConsoleIcon =
  | 'home'
  | 'chart'
  | 'calendar'
  | 'photo'
  | 'gallery'
  | 'page'
  | 'users'
  | 'shield'
  | 'log'
  | 'bag'
  | 'seat'
  | 'invoice'
  | 'mail'
  | 'tag'
  | 'ticket';

export type ConsoleNavEntry = {
  to: string;
  /** A key of the `console` namespace (features/console/locales). */
  label: string;
  icon: ConsoleIcon;
  access: ConsoleAccess;
  /** Active only on this exact path (the start page), not on the paths below it. */
  end?: boolean;
};

/** The side navigation, in its order. One line per screen. */
export const consoleNav: ConsoleNavEntry[] = [
  { to: consolePaths.home, label: 'nav.home', icon: 'home', access: 'staff', end: true },
  { to: consolePaths.dashboard, label: 'console-dashboard:nav', icon: 'chart', access: 'staff' },
  { to: consolePaths.experiences, label: 'console-experiences:nav', icon: 'calendar', access: 'staff' },
  { to: consolePaths.orders, label: 'console-sales:nav.orders', icon: 'bag', access: 'staff' },
  { to: consolePaths.seats, label: 'console-sales:nav.seats', icon: 'seat', access: 'staff' },
  { to: consolePaths.gate, label: 'console-gate:nav', icon: 'ticket', access: 'staff' },
  { to: consolePaths.eventMail, label: 'console-event-mail:nav', icon: 'mail', access: 'staff' },
  { to: consolePaths.invoices, label: 'console-invoices:nav', icon: 'invoice', access: 'staff' },
  { to: consolePaths.accounting, label: 'console-accounting:nav', icon: 'log', access: 'staff' },
  { to: consolePaths.discounts, label: 'console-discounts:nav', icon: 'tag', access: 'staff' },
  { to: consolePaths.galleries, label: 'nav.galleries', icon: 'gallery', access: 'staff' },
  { to: consolePaths.content, label: 'nav.content', icon: 'page', access: 'staff' },
  { to: consolePaths.mail, label: 'console-mail:nav', icon: 'mail', access: 'staff' },
  { to: consolePaths.members, label: 'console-members:nav', icon: 'users', access: 'staff' },
  { to: consolePaths.staff, label: 'nav.staff', icon: 'shield', access: 'admin' },
  { to: consolePaths.audit, label: 'nav.audit', icon: 'log', access: 'admin' },
];

/**
 * A console page, as `features/console-<area>/console-routes.tsx` exports them (`consoleRoutes`):
 * its path (from `consolePaths`), its lazily loaded component, who may open it; `public` pages (the
 * sign-in step, the invitation) need no session.
 */
export type ConsolePage = {
  path: string;
  load: () => Promise<{ default: import('react').ComponentType }>;
  access: ConsoleAccess | 'public';
};

/** The staff account types (the session's `type`). */
export const isStaffUserType = (type: string | undefined | null): boolean =>
  type === 'OPERATOR' || type === 'ADMIN';

export const mayOpen = (access: ConsoleAccess, type: string | undefined | null): boolean =>
  access === 'admin' ? type === 'ADMIN' : isStaffUserType(type);
