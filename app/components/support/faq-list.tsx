import { faqItems } from "~/models/support/faq";
import { useSupportContact } from "~/models/support/policy";
import { useT } from "~/utils/i18n";

/**
 * Native <details> sharing one `name`: the browser keeps one open at a time, with
 * no JavaScript at all (older browsers simply allow several open). Its words are
 * "pages.faq.": /faq and /contact load them.
 */
export function FaqList() {
  const { email } = useSupportContact();
  const { t, tm } = useT();
  return (
    <div className="faq">
      {faqItems(email).map((item, i) => (
        <details key={item.q} name="faq" open={i === 0}>
          <summary>{t(item.q)}</summary>
          <div>{tm(item.a)}</div>
        </details>
      ))}
    </div>
  );
}
