// Closing the window while a sync runs asks first. Closing then is safe (the core stops at the
// next safe point, and the next sync recovers whatever was in flight) but it stops the sync,
// which an operator should choose, not stumble into.
import type { BrowserWindow, Dialog } from 'electron';

export const CLOSE_ANYWAY = 1;

export function guardClose(
  window: BrowserWindow,
  dialog: Pick<Dialog, 'showMessageBox'>,
  busy: () => boolean,
): void {
  let confirmed = false;
  window.on('close', (event) => {
    if (confirmed || !busy()) return;
    event.preventDefault();
    void dialog
      .showMessageBox(window, {
        type: 'warning',
        buttons: ['Keep working', 'Close anyway'],
        defaultId: 0,
        cancelId: 0,
        message: 'A sync is running.',
        detail:
          'Closing stops it at the next safe point. Nothing is lost or sent twice: the next sync carries on where this one stopped.',
      })
      .then(({ response }) => {
        if (response !== CLOSE_ANYWAY) return;
        confirmed = true;
        window.close();
      });
  });
}
