import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ChangeEvent } from "react";

/**
 * For a search field in a GET form: with JavaScript, results follow typing after a
 * pause; without it, the form's own submit button does the same. A pending search is
 * dropped as soon as anything else navigates (the Search button, a link the student
 * followed), so it can never pull them back to the list.
 */
/** How long typing pauses before a search follows it, on every search box (contests, store, blog). */
export const SEARCH_DEBOUNCE_MS = 500;

export function useDebouncedSubmit(ms = SEARCH_DEBOUNCE_MS) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (navigation.state !== "idle") clearTimeout(timer.current);
  }, [navigation.state]);
  return (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(form, { replace: true }), ms);
  };
}
