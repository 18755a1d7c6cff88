import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NetworkError, NotFoundError } from '../../../../src/client/errors.ts';
import { toBridgeError } from '../../../../src/core/bridge/errors.ts';
import { EventHub } from '../../../../src/core/events/event-hub.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { BridgeFailure } from '../../../../src/shared/bridge/result.ts';

describe('EventHub', () => {
  const snapshot = {
    ticker: 'SPY',
    endpoint: 'signals' as const,
    asof: '2025-03-10T15:00:00Z',
    snapshotId: 1,
  };

  it('delivers contract-valid events to every subscriber until it unsubscribes', () => {
    const hub = new EventHub();
    const a: string[] = [];
    const b: string[] = [];
    const offA = hub.subscribe((m) => a.push(m.event));
    hub.subscribe((m) => b.push(m.event));
    hub.emit('snapshot:new', snapshot);
    offA();
    hub.emit('snapshot:new', snapshot);
    expect([a.length, b.length]).toEqual([1, 2]);
  });

  it('drops a payload outside the contract and reports it', () => {
    const errors: unknown[] = [];
    const hub = new EventHub((e) => errors.push(e));
    const seen: unknown[] = [];
    hub.subscribe((m) => seen.push(m));
    hub.emit('snapshot:new', { ...snapshot, snapshotId: -1 });
    expect(seen).toEqual([]);
    expect(String(errors[0])).toMatch(/does not match the contract/);
  });

  it('a throwing subscriber does not silence the others', () => {
    const errors: unknown[] = [];
    const hub = new EventHub((e) => errors.push(e));
    const seen: string[] = [];
    hub.subscribe(() => {
      throw new Error('closed stream');
    });
    hub.subscribe((m) => seen.push(m.event));
    hub.emit('snapshot:new', snapshot);
    expect(seen).toEqual(['snapshot:new']);
    expect(errors).toHaveLength(1);
  });
});

describe('toBridgeError', () => {
  const log: string[] = [];
  it.each([
    ['a deliberate failure', new BridgeFailure('conflict', 'taken'), 'conflict'],
    ['zod', z.object({ a: z.number() }).safeParse({}).error, 'invalid_input'],
    ['store not found', new StoreError('not_found', 'no list'), 'not_found'],
    ['store conflict', new StoreError('conflict', 'dup'), 'conflict'],
    ['store busy', new StoreError('busy', 'locked'), 'unavailable'],
    ['store corrupt', new StoreError('corrupt', 'bad'), 'internal'],
    ['api not found', new NotFoundError('gone', null), 'not_found'],
    ['api network', new NetworkError('down'), 'unavailable'],
    ['a bug', new TypeError('x is undefined'), 'internal'],
  ])('%s → %s', (_name, error, code) => {
    expect(toBridgeError(error, (m) => log.push(m)).code).toBe(code);
  });

  it('hides the details of unexpected errors from the renderer but logs them', () => {
    log.length = 0;
    const body = toBridgeError(new Error('secret path /home/x'), (m) => log.push(m));
    expect(body.message).not.toContain('secret');
    expect(log[0]).toContain('secret path');
  });
});
