// The renderer's entry: zod without eval (the CSP forbids it), the styles, the app.
import { mount } from 'svelte';
import { z } from 'zod';
import App from './App.svelte';
import './app.css';

z.config({ jitless: true });

mount(App, { target: document.getElementById('app')! });
