/** The staff's accounts and the audit log (docs/console.md): forms, queries and answers. */
import { z } from 'zod';
import { LANGUAGES, STAFF_TYPES } from '../constants';
import { email, newPassword, personName, whenValid } from './common';
import { blankOr, bracketQuery, dayRange, daysInOrder, pageNumber } from './list-query';

export const PAGE_SIZE_STAFF = 20;
export const PAGE_SIZE_AUDIT = 25;
export const STAFF_SEARCH_MAX = 100;

/** active: signed in at least once with the factor on; invited: not yet; deactivated: cannot sign in. */
export const STAFF_STATUSES = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_SORTS = ['name', 'email', 'type', 'created_at'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  blankOr(z.enum(values, { error: 'validation.invalidChoice' }).optional());

export const ZStaffListQuery = bracketQuery(['search', 'type', 'status'], {
  page: pageNumber,
  sort: blankOr(z.enum(STAFF_SORTS, { error: 'validation.invalidChoice' }).default('name')),
  dir: blankOr(z.enum(SORT_DIRECTIONS, { error: 'validation.invalidChoice' }).default('asc')),
  search: blankOr(z.string().trim().max(STAFF_SEARCH_MAX, { error: 'validation.tooLong' }).optional()),
  type: choice(STAFF_TYPES),
  status: choice(STAFF_STATUSES),
});
export type TStaffListQuery = z.output<typeof ZStaffListQuery>;

export const ZStaffMember = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  type: z.enum(STAFF_TYPES),
  language_code: z.enum(LANGUAGES),
  status: z.enum(STAFF_STATUSES),
  second_factor: z.boolean(),
  created_at: z.string(),
  deactivated_at: z.string().nullable(),
  /** The caller's own account: its role and activity cannot be changed by the caller. */
  is_me: z.boolean(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffInvite = z.object({
  email: email(),
  name: personName(),
  surname: personName(),
  type: z.enum(STAFF_TYPES, { error: 'validation.invalidChoice' }),
  language: z.enum(LANGUAGES, { error: 'validation.invalidChoice' }),
});
export type TStaffInvite = z.infer<typeof ZStaffInvite>;

export const ZStaffRole = z.object({ type: z.enum(STAFF_TYPES, { error: 'validation.invalidChoice' }) });
export type TStaffRole = z.infer<typeof ZStaffRole>;

export const ZInvitationQuery = z.object({
  token: z.string({ error: 'validation.required' }).min(10, { error: 'validation.required' }).max(200),
});
export const ZInvitation = z.strictObject({
  email: z.string(),
  name: z.string(),
  language_code: z.enum(LANGUAGES),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationAccept = z
  .object({
    token: z.string().min(10, { error: 'validation.required' }).max(200),
    password: newPassword(),
    password_confirmation: z.string().max(128),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: 'validation.passwordsMatch',
    path: ['password_confirmation'],
    ...whenValid('password_confirmation'),
  });
export type TInvitationAccept = z.infer<typeof ZInvitationAccept>;

/* ---- the audit log ---- */

export const ZAuditQuery = bracketQuery(
  ['actor', 'entity_type', 'entity_id', 'from', 'to'],
  {
    page: pageNumber,
    /** The e-mail (or a part of it) of who acted. */
    actor: blankOr(z.string().trim().max(254, { error: 'validation.tooLong' }).optional()),
    entity_type: blankOr(
      z
        .string()
        .regex(/^[a-z][a-z0-9-]{0,39}$/, { error: 'validation.invalidChoice' })
        .optional(),
    ),
    entity_id: blankOr(z.string().trim().max(40, { error: 'validation.tooLong' }).optional()),
    /** Days of the club's calendar. */
    ...dayRange(),
  },
  daysInOrder,
);
export type TAuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditEntry = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** The entity's current name (an experience's, a code, an invoice's number…), null when it has none. */
  entity_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
