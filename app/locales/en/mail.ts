// What our mails say, in the language their reader last chose (users.locale).
export default {
  "mail.reset.subject": "Reset your StudyArena password",
  "mail.reset.heading": "Reset your password",
  "mail.reset.asked": "Someone (hopefully you) asked to reset the password of your StudyArena account.",
  "mail.reset.once": "The link works once and expires in one hour. If you did not ask for it, ignore this mail: your password stays as it is.",
  "mail.reset.action": "Choose a new password",
} as const;
