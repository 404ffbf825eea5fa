// JSON logs (pino). Credentials are redacted wherever they could appear.
import { pino, type DestinationStream, type Logger } from "pino";

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "retour" },
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers['x-authorization']",
        "headers.authorization",
        "headers['x-authorization']",
        "authorization",
        "secret",
        "password",
        "token",
        "*.secret",
        "*.password",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
