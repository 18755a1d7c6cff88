// Saved rankings views: a named set of Top setups filters, or a user's own screener (a preset
// with some of its values overridden). Kept in SQLite, listed by the Rankings view.
import { z } from 'zod';
import { screenerPresetSchema } from '../api/index.ts';
import { HIDDEN_NAME_CHARACTERS_MESSAGE, idSchema, isVisibleName } from './common.ts';
import { screenerOverridesSchema, topSetupsFiltersSchema } from './rankings.ts';

export const SAVED_VIEW_KINDS = ['top_setups', 'screener'] as const;
export const savedViewKindSchema = z.enum(SAVED_VIEW_KINDS);
export type SavedViewKind = z.infer<typeof savedViewKindSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Give the view a name')
  .max(60, 'Keep the name under 60 characters')
  .refine(isVisibleName, HIDDEN_NAME_CHARACTERS_MESSAGE);

/** Top setups views carry filters; screeners carry their preset and the overrides laid over it. */
export const savedViewBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('top_setups'), filters: topSetupsFiltersSchema }),
  z.object({
    kind: z.literal('screener'),
    preset: screenerPresetSchema,
    overrides: screenerOverridesSchema,
  }),
]);
export type SavedViewBody = z.infer<typeof savedViewBodySchema>;

export const savedViewSchema = z.intersection(
  z.object({ id: idSchema, name: z.string(), createdAt: z.string(), updatedAt: z.string() }),
  savedViewBodySchema,
);
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsListInputSchema = z.object({ kind: savedViewKindSchema.optional() }).default({});
export const savedViewCreateInputSchema = z.intersection(z.object({ name: nameSchema }), savedViewBodySchema);
export const savedViewRenameInputSchema = z.object({ id: idSchema, name: nameSchema });
export const savedViewDeleteInputSchema = z.object({ id: idSchema });
