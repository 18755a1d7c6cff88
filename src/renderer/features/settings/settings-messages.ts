// Settings validation in words a user reads: each issue (from the form's own zod check, or from
// the main side's `issues` list after a refused save) becomes a sentence naming the field as the
// form labels it, and a key saying where the form shows it. The schema's paths and zod's texts
// ("webhooks.1.url: Invalid URL", "retentionDays: Too small") never reach the screen.
import {
  MESSAGE_CHANNELS,
  POLL_JOBS,
  WEBHOOK_CREDENTIALS_MESSAGE,
  type MessageChannel,
  type PollJob,
} from '../../../shared/bridge/settings.ts';
import { CHANNEL_NAMES } from './channel-settings.ts';

/** A zod issue or the bridge's flattened one (path joined by dots, no code). */
export interface SettingsIssue {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

export interface PlacedMessage {
  /**
   * Where the form shows it: a field's key (`retentionDays`, `schedules.signals`,
   * `notifications.webhooks.1.url`, `newHook.url`) or a section's name for an issue no single field owns.
   */
  key: string;
  message: string;
}

/** The form's labels of the schedule inputs (Sentence case, as the rest of the UI writes jobs). */
export const JOB_LABELS: Record<PollJob, string> = {
  signals: 'Signals',
  market_structure: 'Market structure',
  screeners: 'Screeners',
  top_setups: 'Top setups',
  income: 'Income',
  curves: 'Curves',
  series: 'Series',
};

/** The label of the retention input, which the messages repeat. */
export const RETENTION_LABEL = 'Keep history for';

const isJob = (key: string): key is PollJob => (POLL_JOBS as readonly string[]).includes(key);

function segments(path: SettingsIssue['path']): string[] {
  if (typeof path === 'string') return path === '' || path === '(input)' ? [] : path.split('.');
  return path.map(String);
}

function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** Zod says "Too small: expected number to be >=1"; the bridge keeps only that text. */
function boundFrom(issue: SettingsIssue, which: 'minimum' | 'maximum'): number | null {
  const bound = issue[which];
  if (bound !== undefined) return Number(bound);
  const match = /(?:>=|<=|>|<)\s*(-?\d+)/.exec(issue.message);
  return match ? Number(match[1]) : null;
}

function kindOf(issue: SettingsIssue): 'small' | 'big' | 'other' {
  if (issue.code === 'too_small' || /too small/i.test(issue.message)) return 'small';
  if (issue.code === 'too_big' || /too big/i.test(issue.message)) return 'big';
  return 'other';
}

function retention(issue: SettingsIssue): string {
  const kind = kindOf(issue);
  if (kind === 'small')
    return `${RETENTION_LABEL} must be at least ${days(boundFrom(issue, 'minimum') ?? 1)}`;
  if (kind === 'big')
    return `${RETENTION_LABEL} must be at most ${days(boundFrom(issue, 'maximum') ?? 3650)}`;
  return `${RETENTION_LABEL} must be a whole number of days`;
}

/** The labels of the thinning inputs, which the messages repeat. */
export const THINNING_LABELS = {
  fullDays: 'Keep every snapshot for',
  quarterHourDays: 'Then one per 15 minutes until',
} as const;

function thinning(field: string | undefined, issue: SettingsIssue): PlacedMessage {
  if (field !== 'fullDays' && field !== 'quarterHourDays')
    return { key: 'retention', message: 'Thinning could not be saved: check its fields' };
  const label = THINNING_LABELS[field];
  const kind = kindOf(issue);
  const message =
    kind === 'small'
      ? `${label} must be at least ${days(boundFrom(issue, 'minimum') ?? 1)}`
      : kind === 'big'
        ? `${label} must be at most ${days(boundFrom(issue, 'maximum') ?? 3650)}`
        : field === 'quarterHourDays' && /at least the days/.test(issue.message)
          ? `${label} must be at least as many days as every snapshot is kept`
          : `${label} must be a whole number of days`;
  return { key: `retention.${field}`, message };
}

/** "Webhook 2" for index 1 (people count from one), "The new webhook" for the row being added. */
function webhookField(owner: string, field: string | undefined, issue: SettingsIssue): string {
  // A well-formed address with user:password@ is refused for that, not for its form.
  if (field === 'url' && issue.message === WEBHOOK_CREDENTIALS_MESSAGE)
    return `${owner} URL cannot hold user:password@ (deliveries would fail and the password would show in errors): put the secret in the URL's path or token, or in a header (the webhook's Options, Add header)`;
  if (field === 'url')
    return `${owner} URL must start with https:// or http:// and name a host, e.g. https://hooks.example.com/…`;
  if (field === 'id')
    return `${owner} id must be 1 to 40 lower-case letters, digits, - or _, starting with a letter or digit`;
  if (field === 'preset') return `${owner} preset must be Generic JSON, Discord, Slack or ntfy`;
  return `${owner} is incomplete`;
}

const DIGEST_RULE = 'must be Off or a whole number of minutes up to 240';

const isChannel = (key: string): key is MessageChannel =>
  (MESSAGE_CHANNELS as readonly string[]).includes(key);

/** The labels of the channel fields, as the form shows them (the messages repeat them). */
export const CHANNEL_FIELD_LABELS: Readonly<Record<MessageChannel, Readonly<Record<string, string>>>> = {
  telegram: { chatId: 'Telegram chat id', digestMinutes: 'Telegram digest' },
  email: {
    host: 'SMTP server',
    port: 'SMTP port',
    security: 'Security',
    user: 'User name',
    from: 'From address',
    to: 'Recipients',
    digestMinutes: 'E-mail digest',
  },
  pushover: { digestMinutes: 'Pushover digest' },
};

/** Zod's own wording ("Invalid input: …", "Too small: …"), which never reaches the screen. */
const ZOD_WORDING = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

/**
 * A channel field's message: the schema's own words after the field's label ("Telegram chat id:
 * a chat id is a number such as …"); where the schema has none, ours.
 */
function channelFieldMessage(
  label: string,
  field: string,
  issue: SettingsIssue,
  index: string | undefined,
): string {
  if (field === 'digestMinutes') return `${label} ${DIGEST_RULE}`;
  if (field === 'port') return `${label} must be a whole number from 1 to 65535 (usually 465 or 587)`;
  if (field === 'security') return `${label} must be TLS or STARTTLS`;
  const owner = field === 'to' && index !== undefined ? `Recipient ${Number(index) + 1}` : label;
  if (ZOD_WORDING.test(issue.message)) {
    if (field === 'user') return `${label} must be at most 200 characters`;
    return `${owner} is not valid`;
  }
  return `${owner}: ${issue.message}`;
}

/** One issue of a section, placed and worded. */
export function placeIssue(section: string, issue: SettingsIssue): PlacedMessage {
  // Local checks parse one section (paths relative to it); the main side's paths start with it.
  const raw = segments(issue.path);
  const path = raw[0] === section ? raw : [section, ...raw];
  const [head, second, third, fourth, fifth] = path;

  if (head === 'retentionDays') return { key: 'retentionDays', message: retention(issue) };
  if (head === 'retention') return thinning(second, issue);
  if (head === 'schedules' && second !== undefined && isJob(second))
    return {
      key: `schedules.${second}`,
      message: `${JOB_LABELS[second]} schedule must be a cron expression of 5 or 6 fields, e.g. */5 * * * *`,
    };
  if (head === 'quietHours' && (second === 'start' || second === 'end'))
    return {
      key: `quietHours.${second}`,
      message: `Quiet hours ${second === 'start' ? 'from' : 'to'} must be a time like 22:00`,
    };
  if (head === 'newHook')
    return { key: `newHook.${second ?? ''}`, message: webhookField('Webhook', second, issue) };
  if (head === 'notifications' && second === 'webhooks') {
    const index = third === undefined ? NaN : Number(third);
    if (Number.isInteger(index) && fourth === 'headers') {
      // The schema words these for people already ("a header value is one line: no line breaks").
      const header = fifth === undefined ? NaN : Number(fifth);
      const which = Number.isInteger(header) ? ` header ${header + 1}` : ' headers';
      const words = ZOD_WORDING.test(issue.message) ? 'is not valid' : issue.message;
      return {
        key: `notifications.webhooks.${index}.headers${Number.isInteger(header) ? `.${header}` : ''}`,
        message: `Webhook ${index + 1}${which}: ${words}`,
      };
    }
    if (Number.isInteger(index) && fourth === 'bodyTemplate')
      return {
        key: `notifications.webhooks.${index}.bodyTemplate`,
        message: `Webhook ${index + 1} body template: ${ZOD_WORDING.test(issue.message) ? 'is not valid' : issue.message}`,
      };
    if (Number.isInteger(index))
      return {
        key: `notifications.webhooks.${index}.${fourth ?? ''}`,
        message:
          fourth === 'digestMinutes'
            ? `Webhook ${index + 1} digest ${DIGEST_RULE}`
            : webhookField(`Webhook ${index + 1}`, fourth, issue),
      };
    if (kindOf(issue) === 'big') return { key: 'notifications', message: 'At most 20 webhooks' };
    return { key: 'notifications', message: 'Each webhook needs an id of its own' };
  }
  if (head === 'notifications' && second === 'desktopDigestMinutes')
    return { key: 'notifications.desktopDigestMinutes', message: `Desktop grouping ${DIGEST_RULE}` };
  if (head === 'notifications' && second !== undefined && isChannel(second)) {
    const field = third ?? '';
    const label = CHANNEL_FIELD_LABELS[second][field];
    if (label === undefined)
      return { key: `notifications.${second}`, message: `${CHANNEL_NAMES[second]} settings are incomplete` };
    return {
      key: `notifications.${second}.${field}`,
      message: channelFieldMessage(label, field, issue, fourth),
    };
  }
  if (head === 'screeners') return { key: 'screeners', message: 'Each screener can be chosen once' };
  // Anything else (a field added later): the section in words, never a path.
  return { key: section, message: `${sectionLabel(section)} could not be saved: check its fields` };
}

/** Every issue of a section, placed; one message per key (the first), in the order found. */
export function placeIssues(section: string, issues: readonly SettingsIssue[]): PlacedMessage[] {
  const seen = new Map<string, PlacedMessage>();
  for (const issue of issues) {
    const placed = placeIssue(section, issue);
    if (!seen.has(placed.key)) seen.set(placed.key, placed);
  }
  return [...seen.values()];
}

const SECTION_LABELS: Record<string, string> = {
  dataSource: 'Data source',
  schedules: 'Schedules',
  screeners: 'Screeners polled',
  polling: 'Polling',
  notifications: 'Notifications',
  quietHours: 'Quiet hours',
  theme: 'Appearance',
  retentionDays: 'History retention',
  retention: 'Thinning',
  mcp: 'AI assistants',
  exports: 'Exports',
};

/** A section as its heading names it. */
export function sectionLabel(section: string): string {
  return SECTION_LABELS[section] ?? 'Settings';
}
