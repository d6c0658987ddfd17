// The wizard harness page's entry (plain JavaScript: the test folder compiles for Node, without
// the DOM's types). No `window.desk` is set: the wizard takes the browser bridge, whose
// `/desk/*` calls this page's Vite server passes on to a real host (see the test).
import { mount } from 'svelte';
import '../../../renderer/src/app.css';
import ImportWizard from '../../../renderer/src/features/import/ImportWizard.svelte';

mount(ImportWizard, {
  target: globalThis.document.getElementById('app'),
  props: { appendTo: null },
});
