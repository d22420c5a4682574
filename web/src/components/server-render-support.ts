// Tests only: lets a jsdom test render on the server's path (react-dom/server). Its browser build,
// which jsdom resolves, schedules with MessageChannel, which jsdom lacks: this one posts with a timer
// (Node's own would keep the test run alive). Import it before react-dom/server.

class TimerMessageChannel {
  readonly port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (data: unknown) => void setTimeout(() => this.port1.onmessage?.({ data })) };
}

globalThis.MessageChannel ??= TimerMessageChannel as unknown as typeof globalThis.MessageChannel;
