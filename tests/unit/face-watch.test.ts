import { describe, expect, test } from "vitest";
import { FACE_WATCH_START, MANY_FACES_FRAMES, NO_FACE_FRAMES, watchFrame, type FaceWatch } from "~/models/contests/sitting/face-watch";

/** Feeds frames' face counts through the rule; returns the notices in order, with the frame each came at. */
function run(faces: number[]) {
  let state: FaceWatch = FACE_WATCH_START;
  const notices: Array<[number, string]> = [];
  faces.forEach((n, i) => {
    const next = watchFrame(state, n);
    state = next.state;
    if (next.notice) notices.push([i, next.notice]);
  });
  return notices;
}

describe("the face check warns of a sustained run, never of one frame", () => {
  test("no face: only after NO_FACE_FRAMES frames in a row, once per run", () => {
    expect(NO_FACE_FRAMES).toBe(3);
    expect(run([1, 0, 1, 0, 0, 1, 0, 1])).toEqual([]);
    expect(run([1, 0, 0, 0, 0, 0, 0])).toEqual([[3, "no_face"]]);
    // A face seen again ends the run; a new run warns again.
    expect(run([0, 0, 0, 1, 0, 0, 0])).toEqual([[2, "no_face"], [6, "no_face"]]);
  });

  test("more than one face: after MANY_FACES_FRAMES frames in a row", () => {
    expect(MANY_FACES_FRAMES).toBe(2);
    expect(run([1, 2, 1, 3, 1])).toEqual([]);
    expect(run([1, 2, 2, 2, 1, 2, 3])).toEqual([[2, "multiple_faces"], [6, "multiple_faces"]]);
  });
});
