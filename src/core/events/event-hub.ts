// The app's event hub: what the poller, the alerts and the settings announce, in the bridge's
// event vocabulary, so Electron and the headless host relay it without translation. Payloads are
// checked against the contract before they leave, so a transport never carries a malformed one,
// and run through the app's secret redactor, so none carries a key a remote echoed.
import {
  bridgeEvents,
  type BridgeEvent,
  type BridgeEventMessage,
  type BridgeEventPayload,
  type BridgeEventSource,
} from '../../shared/bridge/contract.ts';
import { redactAnswer } from '../secrets/bridge-redaction.ts';

export class EventHub implements BridgeEventSource {
  readonly #listeners = new Set<(message: BridgeEventMessage) => void>();
  readonly #onError: (error: unknown) => void;
  readonly #redact: (text: string) => string;

  constructor(
    onError: (error: unknown) => void = () => undefined,
    redact: (text: string) => string = (text) => text,
  ) {
    this.#onError = onError;
    this.#redact = redact;
  }

  subscribe(listener: (message: BridgeEventMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit<E extends BridgeEvent>(event: E, payload: BridgeEventPayload<E>): void {
    const parsed = bridgeEvents[event].safeParse(payload);
    if (!parsed.success) {
      this.#onError(new Error(`event ${event} does not match the contract: ${parsed.error.message}`));
      return;
    }
    const message = { event, payload: redactAnswer(event, parsed.data, this.#redact) } as BridgeEventMessage;
    for (const listener of this.#listeners) {
      try {
        listener(message);
      } catch (error) {
        // One broken subscriber (a closed SSE stream) must not silence the others.
        this.#onError(error);
      }
    }
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
