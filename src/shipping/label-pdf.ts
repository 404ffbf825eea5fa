// The label as a real one-page PDF (pdfkit): from and to addresses (each by its country's convention), the return number, the carrier, the
// tracking number in large type and as a QR code a scanner reads.
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { addressLines } from "../core/address.js";

export interface LabelAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  postalCode?: string | null;
  country: string;
}

export interface LabelContent {
  returnNumber: string;
  trackingNumber: string;
  carrierName: string;
  from: LabelAddress;
  to: LabelAddress;
}

/** The destination country's convention (src/core/address.ts), the country in capitals as postal services ask. */
const lines = (a: LabelAddress) => addressLines(a, { upperCountry: true }).join("\n");

/** A 4×6 inch label (288×432 pt). */
export async function labelPdf(c: LabelContent): Promise<Buffer> {
  const qr = await QRCode.toBuffer(c.trackingNumber, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 120 });
  const doc = new PDFDocument({ size: [288, 432], margin: 18, info: { Title: `Return label ${c.returnNumber}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(14).text(c.carrierName, { align: "left" });
  doc.font("Helvetica").fontSize(9).text(`Return ${c.returnNumber}`);
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(8).text("FROM");
  doc.font("Helvetica").fontSize(9).text(lines(c.from));
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(8).text("SHIP TO");
  doc.font("Helvetica-Bold").fontSize(12).text(lines(c.to));
  doc.image(qr, 84, 262, { width: 120 });
  doc.font("Helvetica-Bold").fontSize(14).text(c.trackingNumber, 18, 388, { width: 252, align: "center", lineBreak: false });
  doc.end();
  return done;
}
