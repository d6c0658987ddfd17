// The DeskBridge of browser mode: each DeskApi method is a POST to the host that served this page
// (`/desk/<method>`, JSON in, a DeskReply out), events arrive as server-sent events, a sheet is
// uploaded to the host's private folder, and an export is downloaded from it. The host knows
// this page by the cookie it set when the launch URL's secret was presented.
import {
  DESK_METHOD_NAMES,
  DeskError,
  DeskEvent,
  type DeskApi,
  type DeskBridge,
  type DeskMethodName,
  type DeskReply,
  type DeskShell,
} from '../../../shared/desk';

async function post<T>(path: string, body: BodyInit, contentType: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new DeskError(
      'internal',
      'The app lost its connection to Payout Desk: is it still running?',
    );
  }
  if (response.status === 403) {
    throw new DeskError(
      'internal',
      'Payout Desk refused this page: open the address it printed when it started.',
    );
  }
  const reply = (await response.json()) as DeskReply<T>;
  if (!reply.ok) throw DeskError.fromShape(reply.error);
  return reply.value;
}

const call = (method: DeskMethodName, input: unknown) =>
  post(`/desk/${method}`, JSON.stringify(input ?? {}), 'application/json');

function browserShell(): DeskShell {
  const listeners = new Set<(event: DeskEvent) => void>();
  let source: EventSource | undefined;
  const open = () => {
    source = new EventSource('/desk/events');
    source.onmessage = (message: MessageEvent<string>) => {
      const parsed = DeskEvent.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      for (const listener of listeners) listener(parsed.data);
    };
  };
  let busy = false;
  // Closing the tab while a sync runs asks first: the sync goes on in the host, but the person
  // should know they will not see it finish here.
  addEventListener('beforeunload', (event) => {
    if (busy) event.preventDefault();
  });
  return {
    kind: 'browser',
    onEvent(listener) {
      listeners.add(listener);
      if (!source) open();
      return () => listeners.delete(listener);
    },
    async sheetPath(file) {
      const blob = file as unknown as File;
      const { path } = await post<{ path: string }>(
        `/desk/upload?name=${encodeURIComponent(file.name)}`,
        blob,
        'application/octet-stream',
      );
      return path;
    },
    async releaseSheet(path) {
      await post('/desk/release', JSON.stringify({ path }), 'application/json');
    },
    async exportTarget(suggested) {
      const { path } = await post<{ path: string }>(
        '/desk/export-target',
        JSON.stringify({ name: suggested }),
        'application/json',
      );
      return path;
    },
    async exportWritten(path) {
      const link = document.createElement('a');
      link.href = `/desk/download?path=${encodeURIComponent(path)}`;
      link.download = path.split(/[\\/]/).pop() ?? 'export';
      document.body.append(link);
      link.click();
      link.remove();
    },
    setBusy(value) {
      busy = value;
    },
  };
}

export function browserBridge(): DeskBridge {
  const api = Object.fromEntries(
    DESK_METHOD_NAMES.map((method) => [method, (input: unknown) => call(method, input)]),
  ) as DeskApi;
  return Object.assign(api, { shell: browserShell() });
}
