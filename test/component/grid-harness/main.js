// The grid harness page's entry (plain JavaScript: the test folder compiles for Node, without
// the DOM's types).
import { mount } from 'svelte';
import '../../../renderer/src/app.css';
import Harness from './Harness.svelte';

mount(Harness, { target: globalThis.document.getElementById('app') });
