// One question on the NTA screen: its text (math as MathML from the server), its diagram,
// and its options (one or several) or a box for a number, in the language the student
// chose for it. Options show in this entry's order; what is saved is each option's number.
// A number is entered on NTA's on-screen keypad (and the keyboard only where the contest allows).
import type { PaperQuestion } from "~/models/contests/paper/paper";
import { KEYPAD_KEYS, keypadInput, NUMBER_DRAFT, type KeypadKey } from "~/models/contests/sitting/test-rules";
import { markingMessage } from "~/models/contests/results/marking";
import { HTML_LANG, LANGUAGE_NAMES, LOCALES, useT, type Locale, type MessageId } from "~/utils/i18n";

export type Language = Locale;

export function QuestionView(props: {
  question: PaperQuestion;
  number: number;
  /** The response on screen: the unsaved choice, else the saved one (save-rule.ts). */
  response: { o?: number[]; v?: string };
  /** The physical keyboard may type the number too. */
  keyboard: boolean;
  language: Language;
  hindi: boolean;
  disabled: boolean;
  onLanguage: (language: Language) => void;
  /** An option picked, by its number (the runner decides what that does to the response). */
  onPick: (n: number) => void;
  /** The number as typed so far. */
  onType: (value: string) => void;
}) {
  const { t, tm } = useT();
  const { question: q, response, language } = props;
  const inHindi = language === "hi" && q.htmlHi !== null;
  const chosen = response.o ?? [];
  return (
    <fieldset className="card test-question" key={q.id} lang={inHindi ? "hi" : "en"}>
      <legend>
        <span className="test-qno">{t("test.question", { n: props.number })}</span>
        <span className="muted test-marking">{tm(markingMessage(q))}</span>
      </legend>
      {props.hindi && q.htmlHi !== null ? (
        <LanguageSelect className="test-language" label={t("test.viewIn")} language={language} onLanguage={props.onLanguage} />
      ) : null}
      <div className="test-text" translate="no" dangerouslySetInnerHTML={{ __html: inHindi ? q.htmlHi! : q.html }} />
      {q.image ? <img className="test-diagram" src={q.image.src} width={q.image.width} height={q.image.height} alt={q.image.alt} loading="lazy" decoding="async" /> : null}
      {q.kind === "numerical" ? (
        <NumberEntry value={response.v ?? ""} keyboard={props.keyboard} disabled={props.disabled} onType={props.onType} />
      ) : (
        q.options.map((option, i) => (
          <label key={option.n} className={`test-option${chosen.includes(option.n) ? " is-chosen" : ""}`}>
            {/* Named "A …" by its letter and its text: the letter is the name the keys use, and
                an option that is only a formula still has one where MathML is not read. */}
            <input
              type={q.kind === "single" ? "radio" : "checkbox"}
              name={`q-${q.id}`}
              aria-labelledby={`o-${q.id}-${option.n}-key o-${q.id}-${option.n}`}
              checked={chosen.includes(option.n)}
              onChange={() => props.onPick(option.n)}
              disabled={props.disabled}
            />
            <span className="test-option-key" id={`o-${q.id}-${option.n}-key`} aria-hidden="true">
              {String.fromCharCode(65 + i)}
            </span>
            <span id={`o-${q.id}-${option.n}`} translate="no" dangerouslySetInnerHTML={{ __html: language === "hi" && option.htmlHi ? option.htmlHi : option.html }} />
          </label>
        ))
      )}
    </fieldset>
  );
}

const KEY_LABELS: Partial<Record<KeypadKey, MessageId>> = { backspace: "test.key.backspace", clear: "test.key.clear", "-": "test.key.minus", ".": "test.key.point" };
const KEY_FACES: Partial<Record<KeypadKey, string>> = { backspace: "⌫", clear: "C", "-": "−" };

/**
 * The number box and NTA's keypad. Without the keyboard the box is read-only and asks the
 * phone for no keyboard (inputMode none); every key is a button with a name a screen
 * reader says, and the box announces the number as it changes.
 */
function NumberEntry(props: { value: string; keyboard: boolean; disabled: boolean; onType: (value: string) => void }) {
  const { t } = useT();
  return (
    <div className="test-number">
      <label>
        {t("test.numberLabel")}
        <input
          type="text"
          inputMode={props.keyboard ? "decimal" : "none"}
          autoComplete="off"
          maxLength={18}
          readOnly={!props.keyboard}
          aria-live="polite"
          value={props.value}
          // Typed keys make only what the keypad could: anything else is not taken.
          onChange={(e) => NUMBER_DRAFT.test(e.target.value) && props.onType(e.target.value)}
          disabled={props.disabled}
        />
      </label>
      <div className="test-keypad" role="group" aria-label={t("test.keypad")}>
        {KEYPAD_KEYS.map((key) => {
          const label = KEY_LABELS[key];
          return (
            <button
              key={key}
              type="button"
              className="btn btn-ghost test-key"
              aria-label={label ? t(label) : undefined}
              disabled={props.disabled}
              onClick={() => props.onType(keypadInput(props.value, key))}
            >
              {KEY_FACES[key] ?? key}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** A choice between our languages, each named in itself: the instructions' default and each question's own. */
export function LanguageSelect(props: { className: string; label: string; language: Language; onLanguage: (language: Language) => void }) {
  return (
    <label className={props.className}>
      {props.label}{" "}
      <select value={props.language} onChange={(e) => props.onLanguage(e.target.value as Language)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={HTML_LANG[l]} translate="no">
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
