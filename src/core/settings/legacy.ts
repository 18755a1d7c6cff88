// Stored settings written by older versions, brought to today's shape before they are validated.
// Only what changed shape needs a rule here; new keys get their defaults by the merge anyway.

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Before the four data sources, a chain folder was the simulator's setting `local.chainsDir`. Such
 * a row now reads as the chain folder on the data's own clock (which is what it served); a row
 * with an empty or absent `chainsDir` is the simulator as it was.
 */
export function upgradeStoredSection(section: string, stored: unknown): unknown {
  if (section === 'notifications') return withoutWebhookCredentials(stored);
  if (section !== 'dataSource' || !isPlain(stored) || stored['kind'] !== 'local' || !('chainsDir' in stored))
    return stored;
  const { chainsDir, ...simulator } = stored;
  if (typeof chainsDir === 'string' && chainsDir.trim().length > 0)
    return { kind: 'chains', dir: chainsDir, clock: 'data' };
  return simulator;
}

/**
 * Webhook URLs with `user:password@` were accepted before the schema refused them (no delivery to
 * them ever worked: fetch refuses such a URL). Such a webhook is kept, without the credentials and
 * disabled, instead of failing the whole section (which would drop every other webhook with it).
 */
function withoutWebhookCredentials(stored: unknown): unknown {
  if (!isPlain(stored) || !Array.isArray(stored['webhooks'])) return stored;
  const webhooks = stored['webhooks'].map((hook: unknown) => {
    if (!isPlain(hook) || typeof hook['url'] !== 'string') return hook;
    let url: URL;
    try {
      url = new URL(hook['url']);
    } catch {
      return hook;
    }
    if (url.username === '' && url.password === '') return hook;
    url.username = '';
    url.password = '';
    return { ...hook, url: url.toString(), enabled: false };
  });
  return { ...stored, webhooks };
}
