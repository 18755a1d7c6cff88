// A data source that cannot be used as asked (a missing folder, no token, a token refused). The
// message is written for the user; the bridge answers it with its code.
import type { BridgeErrorCode } from '../../shared/bridge/result.ts';

export class SourceError extends Error {
  readonly code: Extract<BridgeErrorCode, 'invalid_input' | 'unavailable'>;
  constructor(code: SourceError['code'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SourceError';
    this.code = code;
  }
}
