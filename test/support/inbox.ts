// A real SMTP server in-process for the tests that read the shopper emails as a mail client would: every
// mail parsed, attempts counted per recipient, and recipients that can be refused (451) to exercise retries.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface Inbox {
  port: number;
  mails: ParsedMail[];
  /** SMTP attempts seen per recipient (refused ones too). */
  attempts: Map<string, number>;
  /** Recipients refused with 451 while listed. */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const attempts = new Map<string, number>();
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, cb) {
      const to = address.address.toLowerCase();
      attempts.set(to, (attempts.get(to) ?? 0) + 1);
      if (refuse.has(to)) return cb(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, attempts, refuse, close: () => new Promise<void>((r) => server.close(() => r())) };
}
