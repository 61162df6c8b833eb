import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * A Conform form checked by the same zod schema as its action (STYLE.md §3): errors on
 * submit, cleared as the student types; `lastResult` is the action's reply, so a page
 * rendered without JavaScript keeps the input and shows the errors.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { id?: string; defaultValue?: Record<string, unknown>; shouldValidate?: "onSubmit" | "onBlur" | "onInput" } = {},
) {
  return useForm<z.input<Schema>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: options.shouldValidate ?? "onSubmit",
    shouldRevalidate: "onInput",
  });
}
