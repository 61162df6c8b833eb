// Demo listings get a generated cover (issue 16): the title and author set on a
// coloured cover, an SVG of ours through the same sharp encoder as uploads, so the
// demo store looks like a shop and exercises the real image path.
import { processGenerated } from "~/models/media/pipeline.server";

const HUES = [210, 12, 150, 265, 35, 190, 330, 95];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Breaks a title into lines of about `width` characters (whole words; a long word gets a line of its own). */
export function wrapWords(text: string, width: number, maxLines: number) {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + " " + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/\s+\S*$/, "")}…`;
  }
  return lines;
}

export function coverSvg(input: { title: string; author: string; publisher: string; index: number }) {
  const hue = HUES[input.index % HUES.length]!;
  const lines = wrapWords(input.title, 14, 5);
  const top = 250 - (lines.length - 1) * 34;
  const title = lines.map((line, i) => `<text x="60" y="${top + i * 68}" font-size="56" font-weight="700" fill="#fff">${escapeXml(line)}</text>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},62%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},58%,26%)"/></linearGradient></defs>
  <rect width="600" height="800" fill="url(#g)"/>
  <rect x="0" y="0" width="28" height="800" fill="#000" opacity=".18"/>
  <rect x="60" y="${top - 110}" width="120" height="10" rx="5" fill="#fff" opacity=".8"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
    ${title}
    <text x="60" y="${top + lines.length * 68 + 30}" font-size="32" fill="#fff" opacity=".92">${escapeXml(input.author)}</text>
    <text x="60" y="740" font-size="24" fill="#fff" opacity=".75">${escapeXml(input.publisher)}</text>
  </g>
</svg>`;
}

/** The cover's two sizes (display and thumbnail), encoded like an upload. */
export const generateCover = (input: { title: string; author: string; publisher: string; index: number }) => processGenerated(coverSvg(input));
