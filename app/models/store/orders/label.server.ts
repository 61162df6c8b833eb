// A shipping label as a PDF (issue 49, point 2): one A6 page the seller prints and tapes to
// the parcel, with the carrier's number (AWB), where it goes, where it comes from, and the
// cash to collect. Written by hand (PDF 1.4, the standard Helvetica), so no library is
// shipped for one page. Helvetica has Latin letters only: anything else (a name in Hindi)
// prints as "?", and the AWB, which the courier scans, is always Latin.

/** One line of text as PDF's standard encoding can print it: Latin-1 only, its delimiters escaped. */
const pdfText = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?")
    .replace(/[\\()]/g, (c) => `\\${c}`);

type Label = { awb: string; carrier: string; to: { name: string; street: string; city: string; state: string; postal_code: string; phone: string }; from: { name: string; address: string }; codAmount: number; orderRef: string };

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
    [11, label.codAmount > 0 ? `CASH ON DELIVERY: COLLECT Rs ${label.codAmount}` : "PREPAID: collect nothing"],
    [9, ""],
    [9, "FROM (RETURN TO)"],
    [9, label.from.name],
    [9, label.from.address],
  ];
  let y = 390;
  const content = lines
    .map(([size, text]) => {
      const line = `BT /F1 ${size} Tf 20 ${y} Td (${pdfText(text)}) Tj ET`;
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
