// Waiting on the app's own events, not on time: `app:info` as it is now, or at the next
// `app:changed` that passes the test.
import type { App } from '../../src/core/app/app-types.ts';
import type { AppInfo } from '../../src/shared/bridge/app-info.ts';

/** Resolves once `app:info` passes `test`: now, or at an app:changed event; rejects after `ms`. */
export function infoWhen(app: App, test: (info: AppInfo) => boolean, ms: number): Promise<AppInfo> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`app:info never matched within ${ms} ms: ${JSON.stringify(app.info())}`));
    }, ms);
    const off = app.events.subscribe((m) => {
      if (m.event === 'app:changed' && test(m.payload)) done(m.payload);
    });
    const done = (info: AppInfo): void => {
      clearTimeout(timer);
      off();
      resolve(info);
    };
    const now = app.info();
    if (test(now)) done(now);
  });
}
