import { describe, expect, test } from "vitest";
import { endWatch, FACE_WATCH_START, FLAG_MAX_FRAMES, FRAME_EVERY_MS, FRAMES_NEEDED, LOOK_AWAY_YAW, watchFrame, type FaceFrame, type FaceWatch } from "~/models/contests/sitting/face-watch";

/** A frame with `n` faces (looking at the screen), or one face turned by `yaw`. */
const faces = (n: number): FaceFrame => ({ faces: n, yaw: n === 1 ? 0.02 : null });
const turned = (yaw: number): FaceFrame => ({ faces: 1, yaw });

/** Feeds frames through the rule; returns the notices and flags in order, with the frame each came at, and the last run's flag. */
function run(frames: FaceFrame[]) {
  let state: FaceWatch = FACE_WATCH_START;
  const notices: Array<[number, string]> = [];
  const flags: Array<[number, string, number]> = [];
  frames.forEach((frame, i) => {
    const next = watchFrame(state, frame);
    state = next.state;
    if (next.notice) notices.push([i, next.notice]);
    if (next.flag) flags.push([i, next.flag.kind, next.flag.durationMs]);
  });
  return { notices, flags, pending: endWatch(state) };
}

describe("the face check warns of a sustained run, never of one frame", () => {
  test("no face: only after three frames in a row, once per run", () => {
    expect(FRAMES_NEEDED.no_face).toBe(3);
    expect(run([1, 0, 1, 0, 0, 1, 0, 1].map(faces)).notices).toEqual([]);
    expect(run([1, 0, 0, 0, 0, 0, 0].map(faces)).notices).toEqual([[3, "no_face"]]);
    // A face seen again ends the run; a new run warns again.
    expect(run([0, 0, 0, 1, 0, 0, 0].map(faces)).notices).toEqual([
      [2, "no_face"],
      [6, "no_face"],
    ]);
  });

  test("more than one face: after two frames in a row", () => {
    expect(FRAMES_NEEDED.multiple_faces).toBe(2);
    expect(run([1, 2, 1, 3, 1].map(faces)).notices).toEqual([]);
    expect(run([1, 2, 2, 2, 1, 2, 3].map(faces)).notices).toEqual([
      [2, "multiple_faces"],
      [6, "multiple_faces"],
    ]);
  });

  test("looking away: the head turned past LOOK_AWAY_YAW either way for four frames; a glance, or a nod down to rough work, is nothing", () => {
    const away = turned(LOOK_AWAY_YAW + 0.05);
    const other = turned(-(LOOK_AWAY_YAW + 0.2));
    expect(run([faces(1), away, away, away, faces(1)]).notices).toEqual([]);
    expect(run([away, other, away, other, faces(1)]).notices).toEqual([[3, "looking_away"]]);
    // Exactly at the bound is still looking at the screen; an unknown turn is never counted.
    expect(run([1, 2, 3, 4, 5].map(() => turned(LOOK_AWAY_YAW))).notices).toEqual([]);
    expect(run([1, 2, 3, 4, 5].map(() => turned(Number.NaN))).notices).toEqual([]);
    expect(run([1, 2, 3, 4, 5].map(() => ({ faces: 1, yaw: null }))).notices).toEqual([]);
  });
});

describe("a noticed run becomes one flag with how long it lasted", () => {
  test("the flag comes when the run ends, with its duration; a run too short to notice is no flag", () => {
    const { flags } = run([0, 0, 0, 0, 0, 1, 0, 0, 1].map(faces));
    expect(flags).toEqual([[5, "no_face", 5 * FRAME_EVERY_MS]]);
  });

  test("a run still going when the test ends is flagged by endWatch", () => {
    expect(run([1, 2, 2, 2].map(faces)).pending).toEqual({ kind: "multiple_faces", durationMs: 3 * FRAME_EVERY_MS });
    expect(run([1, 0, 0].map(faces)).pending).toBeNull();
  });

  test("a run as long as FLAG_MAX_FRAMES is flagged and starts again: a long absence is a flag and a warning each minute", () => {
    const { notices, flags } = run(Array.from({ length: FLAG_MAX_FRAMES * 2 + 5 }, () => faces(0)));
    expect(flags).toEqual([
      [FLAG_MAX_FRAMES - 1, "no_face", FLAG_MAX_FRAMES * FRAME_EVERY_MS],
      [FLAG_MAX_FRAMES * 2 - 1, "no_face", FLAG_MAX_FRAMES * FRAME_EVERY_MS],
    ]);
    expect(notices.map(([i]) => i)).toEqual([2, FLAG_MAX_FRAMES + 2, FLAG_MAX_FRAMES * 2 + 2]);
  });

  test("one thing turning into another ends the first run's flag and starts the second's", () => {
    const { flags, pending } = run([0, 0, 0, 2, 2, 2].map(faces));
    expect(flags).toEqual([[3, "no_face", 3 * FRAME_EVERY_MS]]);
    expect(pending).toEqual({ kind: "multiple_faces", durationMs: 3 * FRAME_EVERY_MS });
  });
});
