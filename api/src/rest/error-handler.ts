import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { databaseHealth, isDatabaseUnavailable } from '../ops/database-health.js';
import { isOutOfStorage, storageHealth } from '../ops/storage-health.js';
import { AppError, InsufficientStorage, ServiceUnavailable } from '../shared/errors.js';

// The one place REST maps errors to responses. Bodies are JSON and never carry a stack trace.

interface HttpError extends Error {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  return (raised: HttpError, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    let error = raised;
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: 503, and one log line a second for all requests (no stack).
      databaseHealth.reportUnavailable(error, logger);
      error = new ServiceUnavailable();
    } else if (isOutOfStorage(error)) {
      // A full disk: 507, and one log line a second for all requests (no stack).
      storageHealth.reportFull(error, logger);
      error = new InsufficientStorage();
    }
    if (error instanceof AppError) {
      res.set(error.headers()).status(error.status).json(error.body());
    } else if (error.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON in the request body' });
    } else if (error.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large' });
    } else if (isClientError(error)) {
      // Other client errors raised by Express itself: a malformed %-escape in the path (URIError),
      // an unsupported charset, ... Their own message only when it is meant for the client.
      const status = (error.status ?? error.statusCode)!;
      res.status(status).json({ message: error.expose ? error.message : 'Bad request' });
    } else {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
      res.status(500).json({ message: 'Internal server error' });
    }
  };
}

function isClientError(error: HttpError): boolean {
  const status = error.status ?? error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
