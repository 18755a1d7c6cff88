// Series windows (src/service/series/window.ts; tests kept here, beside the caches they feed).
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/service/http/errors.ts';
import { parseWindow } from '../../../../src/service/series/window.ts';

describe('parseWindow', () => {
  it.each([
    ['30d', '2025-03-12', '2025-02-10'],
    ['1d', '2025-03-12', '2025-03-11'],
    ['2w', '2025-03-12', '2025-02-26'],
    ['52w', '2025-03-12', '2024-03-13'],
    ['6m', '2025-08-31', '2025-02-28'],
    ['1m', '2024-03-31', '2024-02-29'],
    ['2y', '2025-03-12', '2023-03-12'],
    ['2Y', '2024-02-29', '2022-02-28'],
    ['180D', '2025-03-12', '2024-09-13'],
  ])('%s back from %s starts after %s', (raw, end, after) => {
    expect(parseWindow(raw, end)).toEqual({ text: raw.toLowerCase(), after, end });
  });

  it.each(['', '0d', '30', 'd', '30x', '-3d', '1.5y', '30 d', '99999d'])(
    '%j is a 400 naming window',
    (raw) => {
      try {
        parseWindow(raw, '2025-03-12');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceError);
        expect((error as ServiceError).details.param).toBe('window');
      }
    },
  );

  it('refuses lookbacks beyond five years', () => {
    expect(() => parseWindow('6y', '2025-03-12')).toThrow(/5y/);
    expect(() => parseWindow('5y', '2025-03-12')).not.toThrow();
  });
});
