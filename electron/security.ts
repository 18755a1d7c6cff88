// eng-disable CSP_GLOBAL_CHECK (reviewed: see the policy's comment below)
// Electron security checklist, applied once per session and per web contents: no permission is ever
// granted, the CSP header goes on every response, navigation and new windows are refused, external
// links leave through shell.openExternal only after the allow-list check, and <webview> is never attached.
import { shell, type Session, type WebContents } from 'electron';
import { isAllowedExternalUrl, isAppNavigation } from './logic/navigation.ts';

export function hardenSession(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      // A literal, so electronegativity can parse and evaluate it; test/unit/electron/csp.test.ts keeps it
      // identical to the renderer's <meta> policy. Reviewed (CSP_GLOBAL_CHECK): its one remark is that
      // script-src 'self' is risky where the origin serves JSONP or user uploads; ours serves only the app bundle.
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
        ],
      },
    });
  });
}

export function guardContents(contents: WebContents, appEntry: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppNavigation(url, appEntry)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppNavigation(url, appEntry)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Reviewed (electronegativity OPEN_EXTERNAL_JS_CHECK): only allow-listed https URLs get through.
    if (isAllowedExternalUrl(url)) void shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
    return { action: 'deny' };
  });
}
