// Which screener a track record covers: the saved screener the filters on screen match, else
// the plain preset. A preset with unsaved changes is covered as the preset, and the panel says so
// (the core replays saved screeners and presets, not filters typed a moment ago).
import type { ScreenerPreset } from '../../../shared/api/index.ts';
import { humanize } from '../../lib/format.ts';

export type TrackRecordScreener =
  { kind: 'preset'; preset: ScreenerPreset } | { kind: 'saved'; viewId: number };

export interface TrackRecordTarget {
  screener: TrackRecordScreener;
  /** "Momentum breakout", or "My screener “Cheap vol”". */
  title: string;
  /** Changes when another screener is chosen (the panel runs again). */
  key: string;
  note: string | null;
}

export function trackRecordTarget(input: {
  preset: ScreenerPreset;
  savedId: number | null;
  savedName: string | null;
  overridden: boolean;
}): TrackRecordTarget {
  if (input.savedId !== null) {
    return {
      screener: { kind: 'saved', viewId: input.savedId },
      title: `My screener “${input.savedName ?? input.savedId}”`,
      key: `saved:${input.savedId}`,
      note: null,
    };
  }
  return {
    screener: { kind: 'preset', preset: input.preset },
    title: humanize(input.preset),
    key: `preset:${input.preset}`,
    note: input.overridden
      ? 'Your changes to the filters are not saved, so this is the preset’s own record. Save the screener to see the record of your filters.'
      : null,
  };
}
