import { mount } from 'svelte';
import './app.css';
import App from './app.svelte';
import { createBridgeClient, detectTransport } from './lib/bridge-client.ts';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app mount point');
const bridge = createBridgeClient(detectTransport(window));
export default mount(App, { target, props: { bridge } });
