import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

// Graceful stop of an HTTP server whose clients use keep-alive. `server.close()` alone stops
// accepting connections and destroys idle keep-alive sockets at once, so a request a client sent
// on one just before (already on its way) meets a reset. Draining instead: new connections are
// refused; for a short window idle sockets stay open, and a request arriving on one is answered
// with `Connection: close`; every response from now on (in-flight ones included, when their
// headers are not out yet) says so, a socket whose last response went out without it is ended
// after that response, and once the window is over the sockets still idle are closed. The server
// is closed when no socket is left.

export interface DrainOptions {
  /**
   * How long idle keep-alive sockets stay open to answer (with `Connection: close`) a request
   * already on its way; at most the grace period. 0: closed at once.
   */
  idleWindowMs?: number;
}

export interface HttpDrain {
  /**
   * Starts draining; resolves when the last connection has closed, or when `graceMs` passed
   * (then the remaining connections are closed and counted in `forced`).
   */
  drain(graceMs: number, options?: DrainOptions): Promise<{ forced: number }>;
}

export function drainable(server: Server): HttpDrain {
  const inFlight = new Map<Socket, Set<ServerResponse>>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, new Set());
    socket.once('close', () => inFlight.delete(socket));
  });

  // Before the application's listener, so it sees the header already set.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const responses = inFlight.get(socket) ?? new Set<ServerResponse>();
    inFlight.set(socket, responses);
    responses.add(res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      responses.delete(res);
      // This response went out before draining started, with keep-alive: end the socket now
      // that it is idle (end, not destroy: what was written still reaches the client).
      if (draining && responses.size === 0 && !socket.destroyed) socket.end();
    });
  });

  return {
    async drain(graceMs, { idleWindowMs = 0 } = {}) {
      draining = true;
      // Stops accepting without http.Server#close's closing of idle sockets (done below, later).
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      for (const responses of inFlight.values()) {
        for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
      }
      // Node's idle sockets: no request being answered, none begun to arrive.
      const closeIdle = () => server.closeIdleConnections();
      const window = Math.min(Math.max(idleWindowMs, 0), graceMs);
      const windowTimer = window > 0 ? setTimeout(closeIdle, window) : undefined;
      if (window === 0) closeIdle();
      let forced = 0;
      const graceTimer = setTimeout(() => {
        forced = inFlight.size;
        for (const socket of inFlight.keys()) socket.destroy();
        server.closeAllConnections();
      }, graceMs);
      await closed;
      clearTimeout(windowTimer);
      clearTimeout(graceTimer);
      return { forced };
    },
  };
}
