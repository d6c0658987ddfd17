// The one window's options: the renderer is sandboxed and isolated from Node and Electron
// (Electron's security checklist, items 2, 3, 4, 6, 9, 10, 12), and reaches the core only
// through the preload's one function per DeskApi method.
import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowBounds } from './window-bounds';

export const DEFAULT_SIZE = { width: 1280, height: 800 };

export function windowOptions(
  preload: string,
  bounds?: WindowBounds,
): BrowserWindowConstructorOptions {
  return {
    ...DEFAULT_SIZE,
    ...(bounds ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height } : {}),
    minWidth: 800,
    minHeight: 500,
    title: 'Payout Desk',
    // Shown once the first paint is ready, so the window never flashes white.
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
