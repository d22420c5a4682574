import { createWriteStream } from 'node:fs';

// A minimal client of the V8 inspector of a server the bench started with `--inspect` (loopback):
// evaluates an expression in the server, or writes a heap snapshot. Only the bench uses it; the
// production server has no debug endpoint and no inspector.

interface Reply {
  id?: number;
  method?: string;
  params?: { chunk?: string };
  result?: { result?: { value?: unknown }; exceptionDetails?: unknown };
  error?: { message: string };
}

export interface Inspector {
  /** The value of a JavaScript expression evaluated in the server (JSON-serialisable results only). */
  evaluate<T>(expression: string): Promise<T>;
  /** Writes a heap snapshot of the server to `file` (loadable in Chrome DevTools' Memory tab). */
  heapSnapshot(file: string): Promise<void>;
  close(): void;
}

export async function connectInspector(hostPort: string): Promise<Inspector> {
  const targets = (await (await fetch(`http://${hostPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`inspector at ${hostPort}: cannot connect`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let onEvent: ((reply: Reply) => void) | null = null;
  socket.addEventListener('message', (event: MessageEvent) => {
    const reply = JSON.parse(String(event.data)) as Reply;
    if (reply.id === undefined) return onEvent?.(reply);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) waiting?.reject(new Error(reply.error.message));
    else waiting?.resolve(reply);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });

  return {
    async evaluate<T>(expression: string) {
      const reply = await call('Runtime.evaluate', { expression, returnByValue: true });
      if (reply.result?.exceptionDetails) throw new Error(`inspector: ${expression} threw`);
      return reply.result?.result?.value as T;
    },
    async heapSnapshot(file) {
      const out = createWriteStream(file);
      onEvent = (event) => {
        if (event.method === 'HeapProfiler.addHeapSnapshotChunk') out.write(event.params!.chunk!);
      };
      try {
        await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        onEvent = null;
        await new Promise<void>((resolve) => out.end(resolve));
      }
    },
    close: () => socket.close(),
  };
}
