// A shipping label as a PDF (issue 49, point 2): one A6 page the seller prints and tapes to
// the parcel, with the carrier's number (AWB), where it goes, where it comes from, and the
// cash to collect. Written by hand (PDF 1.4, the standard Helvetica), so no library is
// shipped for one page. Helvetica has Latin letters only: anything else (a name in Hindi)
// prints as "?", and the AWB, which the courier scans, is always Latin. Its encoding has no
// rupee sign either, so the cash is written as every screen writes it ("₹1,300", issue 65,
// point 7) with the sign drawn in lines beside the figures, and marked as the text "₹" for
// whatever reads the PDF's words (docs/decisions/marketplace-cod-deposit.md).
import { formatINR } from "~/utils/money";

/** One line of text as PDF's standard encoding can print it: Latin-1 only, its delimiters escaped. */
const pdfText = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?")
    .replace(/[\\()]/g, (c) => `\\${c}`);

type Label = { awb: string; carrier: string; to: { name: string; street: string; city: string; state: string; postal_code: string; phone: string }; from: { name: string; address: string }; codAmount: number; orderRef: string };

const CASH_SIZE = 20;
/** Marks a line that starts with the rupee sign (a character no label text has). */
const RUPEE = "\u0000rupee";

/**
 * "₹" and then `figures`, at `size` on the baseline `y`: the sign drawn as its strokes are
 * (two bars, the bowl, the leg), in a marked span whose ActualText is U+20B9, so a copy or a
 * screen reader gets the character; the figures in Helvetica just after it.
 */
function rupeeThen(size: number, y: number, figures: string) {
  const at = (x: number, up: number) => `${(20 + x * size).toFixed(2)} ${(y + up * size).toFixed(2)}`;
  const strokes = [
    `${at(0, 0.7)} m ${at(0.56, 0.7)} l S`,
    `${at(0, 0.53)} m ${at(0.56, 0.53)} l S`,
    `${at(0.16, 0.7)} m ${at(0.44, 0.7)} ${at(0.46, 0.36)} ${at(0.16, 0.36)} c ${at(0.04, 0.36)} l ${at(0.42, 0)} l S`,
  ].join(" ");
  const sign = `/Span << /ActualText <FEFF20B9> >> BDC q ${(0.08 * size).toFixed(2)} w 0 J 0 j ${strokes} Q EMC`;
  return `${sign}\nBT /F1 ${size} Tf ${(20 + 0.66 * size).toFixed(2)} ${y} Td (${pdfText(figures)}) Tj ET`;
}

/** The label's PDF bytes. */
export function labelPdf(label: Label) {
  const lines: Array<[size: number, text: string]> = [
    [10, label.carrier],
    [20, `AWB ${label.awb}`],
    [9, `Order ${label.orderRef}`],
    [9, ""],
    [11, "DELIVER TO"],
    [12, label.to.name],
    [10, label.to.street],
    [10, `${label.to.city}, ${label.to.state} ${label.to.postal_code}`],
    [10, `Phone ${label.to.phone}`],
    [9, ""],
    [11, label.codAmount > 0 ? "CASH ON DELIVERY: COLLECT" : "PREPAID: collect nothing"],
    ...(label.codAmount > 0 ? ([[CASH_SIZE, RUPEE + formatINR(label.codAmount).replace(/^₹/, "")]] as Array<[number, string]>) : []),
    [9, ""],
    [9, "FROM (RETURN TO)"],
    [9, label.from.name],
    [9, label.from.address],
  ];
  let y = 390;
  const content = lines
    .map(([size, text]) => {
      const line = text.startsWith(RUPEE) ? rupeeThen(size, y, text.slice(RUPEE.length)) : `BT /F1 ${size} Tf 20 ${y} Td (${pdfText(text)}) Tj ET`;
      y -= size + 8;
      return line;
    })
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    // A6 portrait, in points.
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
