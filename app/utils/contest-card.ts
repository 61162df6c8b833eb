// The home card's button (contests.md §4): not active → 'Coming Soon' (disabled);
// already enrolled → 'Already Enrolled' (disabled); otherwise 'Know more'.
export function homeCardButton(input: { isActive: boolean; enrolled: boolean }) {
  if (!input.isActive) return { label: "Coming Soon", disabled: true } as const;
  if (input.enrolled) return { label: "Already Enrolled", disabled: true } as const;
  return { label: "Know more", disabled: false } as const;
}

export const ALREADY_JOINED = "You have already joined this contest!";
