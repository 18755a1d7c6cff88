// The app's secret redactor: which forms of a stored secret are masked (as is, `Bearer <key>`,
// percent-encoded, JSON-escaped, cut off by an excerpt), what stays as written (short values,
// prose about bearer tokens, another token that only shares a prefix), and the deep walk over
// answers that copies only what it changes.
import { describe, expect, it } from 'vitest';
import { redactAnswer } from '../../../../src/core/secrets/bridge-redaction.ts';
import {
  MIN_SECRET_LENGTH,
  REDACTED,
  SecretRedactor,
  redactDeep,
  redactText,
} from '../../../../src/core/secrets/redact.ts';

const KEY = 'gwk-5b8e2c71d9a4f036';
const R = REDACTED;

describe('redactText', () => {
  it.each<[string, string, string[], string]>([
    ['the key as is', `key ${KEY} unknown`, [KEY], `key ${R} unknown`],
    ['every occurrence', `${KEY},${KEY}`, [KEY], `${R},${R}`],
    ['an echoed Authorization header', `Authorization: Bearer ${KEY}`, [KEY], `Authorization: Bearer ${R}`],
    ['inside a longer token', `x${KEY}y`, [KEY], `x${R}y`],
    ['a Bearer token not stored', 'sent Bearer abc123def456ghi', [], `sent Bearer ${R}`],
    ['a bearer token in lower case', 'authorization: bearer abc123def456', [], `authorization: bearer ${R}`],
    ['prose about a Bearer token', 'expected a Bearer token', [], 'expected a Bearer token'],
    ['a word after Bearer', 'Bearer authentication failed', [], 'Bearer authentication failed'],
    ['a short Bearer value', 'Bearer ab12', [], 'Bearer ab12'],
    ['percent-encoded in a URL', '/x?k=ab%2Bcd%2Fef%3D12', ['ab+cd/ef=12'], `/x?k=${R}`],
    ['escaped in JSON', '{"k":"ab\\"cdefgh12"}', ['ab"cdefgh12'], `{"k":"${R}"}`],
    ['cut off by an excerpt', `echo: ${KEY.slice(0, 12)}…`, [KEY], `echo: ${R}…`],
    ['cut off at the end', `echo: ${KEY.slice(0, 9)}`, [KEY], `echo: ${R}`],
    ['cut off before a quote', `"${KEY.slice(0, 10)}"`, [KEY], `"${R}"`],
    ['a prefix shorter than the minimum', `echo: ${KEY.slice(0, 7)}…`, [KEY], `echo: ${KEY.slice(0, 7)}…`],
    ['another token sharing a prefix', `${KEY.slice(0, 10)}zzzz`, [KEY], `${KEY.slice(0, 10)}zzzz`],
    ['a value of the minimum length', 'pw a1b2c3d4 here', ['a1b2c3d4'], `pw ${R} here`],
    ['a value below the minimum', 'latest pass12 x', ['pass12', 'latest'], 'latest pass12 x'],
    ['whitespace around a stored value', `k ${KEY}`, [`  ${KEY}\n`], `k ${R}`],
    ['a secret holding another', 'AAAAAAAA-BBBBBBBB', ['BBBBBBBB', 'AAAAAAAA-BBBBBBBB'], R],
    ['nothing stored', 'plain text, 12345678', [], 'plain text, 12345678'],
  ])('%s', (_name, text, secrets, expected) => {
    expect(redactText(text, secrets)).toBe(expected);
  });

  it('skips empty and missing values', () => {
    expect(redactText('nothing here', ['', null, undefined])).toBe('nothing here');
  });

  it('has a minimum of 8 characters', () => {
    expect(MIN_SECRET_LENGTH).toBe(8);
  });
});

describe('SecretRedactor', () => {
  it('reads the stored secrets when refreshed, and keeps a replaced one', () => {
    let stored: (string | null)[] = [KEY, null];
    const redactor = new SecretRedactor(() => stored);
    expect(redactor.redact(KEY)).toBe(KEY); // not read yet
    redactor.refresh();
    expect(redactor.redact(`a ${KEY}`)).toBe(`a ${R}`);
    stored = ['gwk-new-0d3b9f71a2', null];
    redactor.refresh();
    // A request sent with the previous key may still be answered.
    expect(redactor.redact(`${KEY} gwk-new-0d3b9f71a2`)).toBe(`${R} ${R}`);
  });

  it('learns secrets from elsewhere', () => {
    const redactor = new SecretRedactor(() => []);
    redactor.remember('cli-key-8f2e1d0c', null, 'short');
    expect(redactor.redact('cli-key-8f2e1d0c short')).toBe(`${R} short`);
  });
});

describe('redactDeep', () => {
  const redact = (text: string): string => redactText(text, [KEY]);

  it('redacts every string of plain objects and arrays, and copies only what changes', () => {
    const untouched = { n: 1, list: ['a'] };
    const value = { error: `Bearer ${KEY}`, rows: [{ message: KEY }, untouched], count: 3 };
    const clean = redactDeep(value, redact);
    expect(clean).toEqual({ error: `Bearer ${R}`, rows: [{ message: R }, untouched], count: 3 });
    expect(clean.rows[1]).toBe(untouched);
    expect(value.error).toBe(`Bearer ${KEY}`); // the original is left as it was
  });

  it('returns the same value when there is nothing to redact, and leaves other objects alone', () => {
    const value = { at: new Date(0), bytes: Buffer.from(KEY), text: 'fine' };
    expect(redactDeep(value, redact)).toBe(value);
    expect(redactDeep(KEY, redact)).toBe(R);
    expect(redactDeep(null, redact)).toBeNull();
  });
});

describe('redactAnswer', () => {
  const redact = (text: string): string => redactText(text, [KEY]);

  it('redacts answers and events, but not the settings the page sends back whole', () => {
    expect(redactAnswer('poll:status', { message: KEY }, redact)).toEqual({ message: R });
    const settings = { webhooks: [{ url: `https://hooks.example/${KEY}` }] };
    expect(redactAnswer('settings:get', settings, redact)).toBe(settings);
    expect(redactAnswer('settings:changed', settings, redact)).toBe(settings);
  });
});
