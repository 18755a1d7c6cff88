import { mount } from 'svelte';
import './app.css';
import App from './app.svelte';
import { createBridgeClient, detectTransport } from './lib/bridge-client.ts';

// The system's scheme until the settings load (app.svelte then keeps it current), so a dark
// desktop never flashes the light palette on start.
document.documentElement.dataset.theme = window.matchMedia('(prefers-color-scheme: dark)').matches
  ? 'dark'
  : 'light';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app mount point');
const bridge = createBridgeClient(detectTransport(window));
export default mount(App, { target, props: { bridge } });
