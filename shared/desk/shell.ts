// What the window's host offers the renderer beside the DeskApi: the core's events, and files
// (a sheet to read, an export to write). Electron's preload implements it with native dialogs;
// browser mode with uploads and downloads through the host. The renderer sees one `DeskBridge`
// either way and never knows which.
import type { DeskApi } from './api';
import type { DeskEvent } from './events';

/** A file the user picked or dropped in the page (a DOM `File`, which shared/ cannot name). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
}

/** What the window's own menu asks of the page: File › Import sheet… (Ctrl/Cmd+O). */
export type ShellCommand = 'importSheet';

export interface DeskShell {
  /** Which host this is: the desktop window, or a browser on loopback. */
  readonly kind: 'electron' | 'browser';
  /** Every event of the core, in order. Returns the unsubscribe. */
  onEvent(listener: (event: DeskEvent) => void): () => void;
  /**
   * Commands from the window's own menu, where it has one. The browser has no menu of ours, so
   * it is absent there. Returns the unsubscribe.
   */
  onCommand?(listener: (command: ShellCommand) => void): () => void;
  /**
   * A native "open sheet" dialog, where there is one: the path chosen, or null when cancelled.
   * The browser has none (the page uses its file input), so it is absent there.
   */
  chooseSheet?(): Promise<string | null>;
  /**
   * A path the desk can read for a file picked or dropped in the page: Electron's own path of
   * it; the browser host's private copy of it, uploaded (and removed when the host closes or
   * `releaseSheet` is called).
   */
  sheetPath(file: PickedFile): Promise<string>;
  /** The browser host removes its copy of an uploaded sheet; Electron has nothing to remove. */
  releaseSheet(path: string): Promise<void>;
  /**
   * Where an export named `suggested` (a file name, no folder) is written: Electron asks with
   * its save dialog (null when cancelled); the browser host gives a private path of its own.
   */
  exportTarget(suggested: string): Promise<string | null>;
  /** After the desk wrote an export: Electron shows it in its folder; the browser downloads it. */
  exportWritten(path: string): Promise<void>;
  /** Tells the shell a sync is running, so that closing the window asks first. */
  setBusy(busy: boolean): void;
}

/** What the renderer speaks to: one function per DeskApi method, and the shell. */
export type DeskBridge = DeskApi & { shell: DeskShell };
