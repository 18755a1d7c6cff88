// Settings → Data source → Remote API v2: a link-local base URL needs its checkbox ticked, and the
// form says so under the box before anything is sent.
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  draftOf,
  sectionOf,
  type SourceDraft,
} from '../../../../src/renderer/features/settings/source-draft.ts';

function remote(baseUrl: string, confirmLinkLocal: boolean): SourceDraft {
  const draft = draftOf({ kind: 'remote', baseUrl: 'https://a.example/api/v2', demo: true });
  return { ...draft, remote: { ...draft.remote, baseUrl, confirmLinkLocal } };
}

describe('the link-local confirmation', () => {
  it.each<[string, SourceDraft, unknown]>([
    [
      'unticked: not in the section (the setting as before the box)',
      remote('https://a.example/api/v2', false),
      { kind: 'remote', baseUrl: 'https://a.example/api/v2', demo: true },
    ],
    [
      'ticked: in the section',
      remote('http://169.254.169.254/api/v2', true),
      { kind: 'remote', baseUrl: 'http://169.254.169.254/api/v2', demo: true, confirmLinkLocal: true },
    ],
  ])('%s', (_name, draft, section) => {
    expect(sectionOf(draft)).toEqual(section);
  });

  it('an unconfirmed link-local address is the checkbox’s error', () => {
    expect(checkDraft(remote('http://169.254.169.254/api/v2', false))).toEqual({
      ok: false,
      errors: {
        confirmLinkLocal:
          '169.254.169.254 is a link-local address (cloud metadata services live there); tick "Allow a link-local address" to use it anyway',
      },
    });
    expect(checkDraft(remote('http://[fe80::1]:8787/api/v2', false))).toMatchObject({ ok: false });
  });

  it.each<[string, SourceDraft]>([
    ['a confirmed link-local address', remote('http://169.254.10.1/api/v2', true)],
    ['an ordinary address, unticked', remote('http://192.168.1.20:8787/api/v2', false)],
  ])('%s passes', (_name, draft) => {
    expect(checkDraft(draft).ok).toBe(true);
  });

  it('a saved confirmation round-trips through the draft', () => {
    const saved = {
      kind: 'remote',
      baseUrl: 'http://169.254.1.2/api/v2',
      demo: false,
      confirmLinkLocal: true,
    } as const;
    expect(draftOf(saved).remote.confirmLinkLocal).toBe(true);
    expect(checkDraft(draftOf(saved))).toEqual({ ok: true, source: saved });
  });
});
