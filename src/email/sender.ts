// Sends the outbox's shopper emails after their change committed: one sender per process, woken by
// commits and polling otherwise. A mail is claimed by moving its nextAttemptAt forward (a conditional
// update, so two replicas never send one mail twice at once), sent over SMTP with nodemailer, then marked
// sent; a refusal or an unreachable server retries on MAIL_RETRY_SCHEDULE with jitter, then it is
// marked failed. Nothing here touches the return: mail never blocks or undoes it. Without SMTP_URL
// (development) each mail is rendered and kept in the outbox ("kept"), where the dashboard shows it.
import nodemailer, { type Transporter } from "nodemailer";
import type { Services } from "../core/context.js";
import { statusLink } from "../portal/status-link.js";
import { renderMail } from "./render.js";
import { startDueLoop } from "../core/due-loop.js";

/** A claimed mail is someone else's for this long (longer than one SMTP exchange). */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
const MAX_ERROR = 500;

export interface EmailSender {
  /** Sends what is due now (tests and the loop). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** `localBase`: the links' base without PUBLIC_URL (development: where this server listens). */
export function startEmailSender(services: Services, localBase: string): EmailSender {
  const { config, log } = services;
  const prisma = services.db.prisma;
  const transport: Transporter | null = config.mail.smtpUrl
    ? nodemailer.createTransport({ url: config.mail.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;
  const schedule = config.mail.retrySchedule;
  const base = localBase;
  let stopped = false;

  async function sendOne(mail: {
    id: string;
    kind: string;
    storeId: string;
    returnId: string;
    giftCardId: string | null;
    recipient: string;
    attempts: number;
  }) {
    const rendered = await renderMail(services, mail, (handle) => statusLink(config, handle, mail.returnId, base));
    if (!rendered) {
      await prisma.emailMessage.update({
        where: { id: mail.id },
        data: { status: "failed", lastError: "Its return or gift card no longer exists.", nextAttemptAt: null },
      });
      return;
    }
    const shown = { subject: rendered.subject, text: rendered.text };
    if (!transport) {
      await prisma.emailMessage.update({ where: { id: mail.id }, data: { ...shown, status: "kept", nextAttemptAt: null } });
      return;
    }
    try {
      await transport.sendMail({
        from: config.mail.from!,
        to: mail.recipient,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        attachments: rendered.attachments,
      });
      await prisma.emailMessage.update({
        where: { id: mail.id },
        data: { ...shown, status: "sent", sentAt: new Date(), attempts: mail.attempts + 1, nextAttemptAt: null, lastError: null },
      });
    } catch (err) {
      const attempts = mail.attempts + 1;
      const delay = schedule[attempts - 1];
      const message = String((err as Error).message ?? err).slice(0, MAX_ERROR);
      log.warn({ emailId: mail.id, attempts, err: message }, "shopper email not sent");
      await prisma.emailMessage.update({
        where: { id: mail.id },
        data: {
          ...shown,
          attempts,
          lastError: message,
          status: delay === undefined ? "failed" : "pending",
          // ±20 % jitter, so mails refused together do not come back together.
          nextAttemptAt: delay === undefined ? null : new Date(Date.now() + Math.round(delay * (0.8 + Math.random() * 0.4))),
        },
      });
    }
  }

  async function runOnce(): Promise<number> {
    const now = new Date();
    const due = await prisma.emailMessage.findMany({
      where: { status: "pending", nextAttemptAt: { lte: now } },
      orderBy: { nextAttemptAt: "asc" },
      take: BATCH,
      select: {
        id: true,
        kind: true,
        storeId: true,
        returnId: true,
        giftCardId: true,
        recipient: true,
        attempts: true,
        nextAttemptAt: true,
      },
    });
    let n = 0;
    for (const mail of due) {
      if (stopped) break;
      const claimed = await prisma.emailMessage.updateMany({
        where: { id: mail.id, status: "pending", nextAttemptAt: mail.nextAttemptAt },
        data: { nextAttemptAt: new Date(Date.now() + LEASE_MS) },
      });
      if (!claimed.count) continue;
      try {
        await sendOne(mail);
      } catch (err) {
        // The database failed under us: the lease expires and the mail is tried again.
        log.warn({ err, emailId: mail.id }, "shopper email sender failed");
      }
      n++;
    }
    return n;
  }

  // Sleeps until the next mail it knows is due, at most MAIL_POLL_INTERVAL; a commit of a return wakes it.
  const loop = startDueLoop(services, {
    name: "shopper email sender",
    topics: ["return"],
    idleMs: config.mail.pollIntervalMs,
    runOnce,
    nextDueAt: async () =>
      (
        await prisma.emailMessage.findFirst({
          where: { status: "pending" },
          orderBy: { nextAttemptAt: "asc" },
          select: { nextAttemptAt: true },
        })
      )?.nextAttemptAt,
  });
  return {
    runOnce,
    async stop() {
      stopped = true;
      await loop.stop();
      transport?.close();
    },
  };
}
