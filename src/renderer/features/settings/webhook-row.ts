// A webhook row is checked before it enters the table: an invalid row would otherwise sit in the
// list and block every later save of the notifications (and, unsaved, vanish on reload with the
// valid rows next to it).
import { webhookSchema, type Webhook } from '../../../shared/bridge/settings.ts';
import { placeIssues, type PlacedMessage } from './settings-messages.ts';

export type AddWebhookResult = { ok: true; webhooks: Webhook[] } | { ok: false; errors: PlacedMessage[] };

/** The list with the new row appended, or what to fix (keys `newHook.id`, `newHook.url`, …). */
export function addWebhook(existing: readonly Webhook[], candidate: Webhook): AddWebhookResult {
  const trimmed = { ...candidate, id: candidate.id.trim(), url: candidate.url.trim() };
  const parsed = webhookSchema.safeParse(trimmed);
  const errors = parsed.success ? [] : placeIssues('newHook', parsed.error.issues);
  if (existing.some((hook) => hook.id === trimmed.id) && !errors.some((e) => e.key === 'newHook.id'))
    errors.push({
      key: 'newHook.id',
      message: `A webhook with the id "${trimmed.id}" is already in the table`,
    });
  if (existing.length >= 20) errors.push({ key: 'newHook', message: 'At most 20 webhooks' });
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  return { ok: true, webhooks: [...existing, parsed.data] };
}
