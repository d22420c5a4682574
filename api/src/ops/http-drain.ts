import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// Graceful stop of an HTTP server whose clients use keep-alive. `server.close()` alone stops
// accepting connections, but a busy keep-alive client keeps sending requests on its open socket
// and is served until the grace period ends, when its socket is reset. Draining instead: idle
// sockets close at once, every response from now on (in-flight ones included, when their
// headers are not out yet) says `Connection: close`, a socket whose last response went out
// without it is ended after that response, and the server is closed when no socket is left.

export interface HttpDrain {
  /**
   * Starts draining; resolves when the last connection has closed, or when `graceMs` passed
   * (then the remaining connections are closed and counted in `forced`).
   */
  drain(graceMs: number): Promise<{ forced: number }>;
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
    async drain(graceMs) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const [socket, responses] of inFlight) {
        if (responses.size === 0) socket.destroy();
        for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
      }
      let forced = 0;
      const timer = setTimeout(() => {
        forced = inFlight.size;
        for (const socket of inFlight.keys()) socket.destroy();
        server.closeAllConnections();
      }, graceMs);
      await closed;
      clearTimeout(timer);
      return { forced };
    },
  };
}
