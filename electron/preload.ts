// The preload exposes exactly the bridge — a typed `invoke` and an `on` that returns an unsubscribe
// function — and nothing else: never ipcRenderer, never Node. It runs sandboxed and is emitted as
// CommonJS (electron.vite.config.ts); it imports only types and the channel names.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeApi } from '../src/shared/bridge/contract.ts';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './logic/channels.ts';

interface EventMessage {
  event: string;
  payload: unknown;
}

const api = {
  invoke(method, input) {
    return ipcRenderer.invoke(INVOKE_CHANNEL, method, input);
  },
  on(event, listener) {
    const relay = (_sender: IpcRendererEvent, message: EventMessage) => {
      if (message.event === event) listener(message.payload as Parameters<typeof listener>[0]);
    };
    ipcRenderer.on(EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, relay);
    };
  },
} satisfies BridgeApi;

contextBridge.exposeInMainWorld('gammawatch', api);
