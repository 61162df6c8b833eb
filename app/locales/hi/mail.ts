import type { Catalog } from "~/locales/catalogs";
import type en from "~/locales/en/mail";

export default {
  "mail.reset.subject": "अपना StudyArena पासवर्ड बदलें",
  "mail.reset.heading": "अपना पासवर्ड बदलें",
  "mail.reset.asked": "किसी ने (उम्मीद है आपने) आपके StudyArena खाते का पासवर्ड बदलने को कहा है।",
  "mail.reset.once": "यह लिंक एक ही बार चलता है और एक घंटे में बेकार हो जाता है। अगर आपने यह नहीं माँगा, तो इस मेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।",
  "mail.reset.action": "नया पासवर्ड चुनें",
} satisfies Catalog<typeof en>;
