// A video file for Chromium's fake camera (--use-file-for-fake-video-capture): `face` seconds
// of one face (cut from a group photo in @vladmandic/face-api's own demo folder), then `empty`
// seconds of grey, at one frame a second; Chromium plays it in a loop. Written as .y4m
// (raw YUV 4:2:0) with sharp, so no ffmpeg is needed.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";

const W = 320;
const H = 240;

function yuv420(rgb: Buffer) {
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const k = (j * W + i) * 3;
      const [r, g, b] = [rgb[k]!, rgb[k + 1]!, rgb[k + 2]!];
      y[j * W + i] = clamp(0.257 * r + 0.504 * g + 0.098 * b + 16);
      if (j % 2 === 0 && i % 2 === 0) {
        const c = (j / 2) * (W / 2) + i / 2;
        u[c] = clamp(-0.148 * r - 0.291 * g + 0.439 * b + 128);
        v[c] = clamp(0.439 * r - 0.368 * g - 0.071 * b + 128);
      }
    }
  }
  return Buffer.concat([y, u, v]);
}

export async function fakeCamera(file: string, seconds: { face: number; empty: number }) {
  const demo = path.join(path.dirname(createRequire(import.meta.url).resolve("@vladmandic/face-api/package.json")), "demo/sample1.jpg");
  // The woman on the right of the 1920 × 1280 photo, facing the camera, head tilted: one face only.
  const photo = await sharp(demo).extract({ left: 1170, top: 53, width: 720, height: 540 }).resize(W, H).removeAlpha().raw().toBuffer();
  const face = yuv420(photo);
  const grey = yuv420(Buffer.alloc(W * H * 3, 128));
  const frames = [...Array<Buffer>(seconds.face).fill(face), ...Array<Buffer>(seconds.empty).fill(grey)];
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F1:1 Ip A1:1 C420jpeg\n`), ...frames.flatMap((frame) => [Buffer.from("FRAME\n"), frame])]));
  return file;
}
