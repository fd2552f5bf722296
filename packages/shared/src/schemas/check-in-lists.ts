import { z } from 'zod';

/**
 * The check-in lists staff make for an experience (issue 29, docs/event-day.md): the bodies, apart
 * from the contract so the console's form can validate with them. Every message is a key of the
 * shared validation catalogue.
 */

const listName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(60, { error: 'validation.tooLong' });

/** A new list of an experience: its name ("Paddock", "Kolacja") and whether it offers check-out. */
export const ZNewCheckInList = z.object({
  name: listName,
  allows_check_out: z.boolean({ error: 'validation.wrongValue' }).optional().default(false),
});
export type TNewCheckInList = z.input<typeof ZNewCheckInList>;

/** A list renamed, or its check-out setting changed (either or both). */
export const ZCheckInListChange = z
  .object({
    name: listName.optional(),
    allows_check_out: z.boolean({ error: 'validation.wrongValue' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.allows_check_out !== undefined, {
    error: 'validation.required',
    path: ['name'],
  });
export type TCheckInListChange = z.input<typeof ZCheckInListChange>;
