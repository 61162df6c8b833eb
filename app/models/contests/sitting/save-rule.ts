// When a choice counts (issue 48, point 1; docs/decisions/contests-save-rule.md). Under
// NTA's rule a response is stored only by Save & Next, Save & Mark for Review or Mark for
// Review & Next; a choice made and left through the palette or Back is dropped, and the
// question stays as it was saved. Under `every_choice` (the rule before) an option
// counts the moment it is chosen. Either way the unsaved response on screen is kept as
// the question's draft (`d`), on the device and the server, so a reload restores the
// screen exactly; a draft is never scored and never changes the palette.
// Pure, so every sequence of moves is unit-tested (tests/unit/save-rule.test.ts).
import type { SavedAnswer } from "~/models/contests/paper/paper";
import type { SaveRule } from "~/utils/enums";
import { isNumberAnswer } from "~/models/contests/sitting/test-rules";

/** What the student does to the question on screen. */
export type Move =
  | { kind: "visit" }
  | { kind: "choose"; options: number[] }
  | { kind: "type"; value: string }
  /** Save & Next. */
  | { kind: "save" }
  /** Save & Mark for Review, and Mark for Review & Next: the response shown is saved, marked. */
  | { kind: "save-mark" }
  | { kind: "clear" }
  /** Away through the palette, a section tab or Back. */
  | { kind: "leave" };

/** The response on screen: the draft while there is one, else what was saved. */
export function shownResponse(state: SavedAnswer | undefined): { o?: number[]; v?: string } {
  if (!state) return {};
  const from = state.d ?? state;
  return { ...(from.o && from.o.length > 0 ? { o: from.o } : {}), ...(from.v !== undefined && from.v !== "" ? { v: from.v } : {}) };
}

/** A saved state: its response and its mark, no draft. */
const saved = (response: { o?: number[]; v?: string }, marked: boolean | undefined): SavedAnswer => ({ ...response, ...(marked ? { m: true } : {}) });

/**
 * The question's state after `move`, or "not-a-number" when a save would store a typed
 * value that is not a number (the state is left as it was: nothing half-saved).
 */
export function applyMove(rule: SaveRule, state: SavedAnswer | undefined, move: Move): SavedAnswer | "not-a-number" {
  const current = state ?? {};
  const { d: _draft, ...kept } = current;
  switch (move.kind) {
    case "visit":
      return current;
    case "choose":
      // Under every_choice an option counts at once: no draft.
      if (rule === "every_choice") return saved(move.options.length > 0 ? { o: move.options } : {}, current.m);
      return { ...kept, d: move.options.length > 0 ? { o: move.options } : {} };
    case "type":
      // A number is typed a key at a time: it is a draft under both rules until it is saved.
      return { ...kept, d: move.value === "" ? {} : { v: move.value } };
    case "save":
    case "save-mark": {
      const response = shownResponse(current);
      if (response.v !== undefined && !isNumberAnswer(response.v)) return "not-a-number";
      return saved(response, move.kind === "save-mark");
    }
    case "clear":
      // NTA's Clear Response takes the saved response away too; a review mark stays.
      return saved({}, current.m);
    case "leave":
      return kept;
  }
}
