// Demo data for `npm start` on an empty database. Real, answerable questions and
// plausible listings, so a first look at the product is a fair one.
import type { PRODUCT_CONDITIONS } from "~/utils/enums";
import type { ContestKind } from "~/models/contests/catalogue/kinds";

type Q = [question: string, options: string[], answer: string];

export const QUESTION_BANKS: Record<string, Q[]> = {
  Mathematics: [
    ["What is 15% of 240?", ["24", "36", "32", "40"], "36"],
    ["The derivative of x² is", ["x", "2x", "x²/2", "2"], "2x"],
    ["What is the value of √144?", ["11", "12", "13", "14"], "12"],
    ["Sum of the interior angles of a triangle?", ["90°", "180°", "270°", "360°"], "180°"],
    ["If 3x + 5 = 20, then x =", ["3", "4", "5", "6"], "5"],
    ["What is 7 × 8?", ["54", "56", "58", "64"], "56"],
    ["log₁₀(1000) =", ["2", "3", "10", "100"], "3"],
    ["The area of a circle of radius 7 (π = 22/7) is", ["44", "154", "49", "308"], "154"],
    ["Which of these is a prime number?", ["21", "27", "29", "33"], "29"],
    ["The next term of 2, 6, 18, 54 is", ["108", "162", "148", "216"], "162"],
    ["sin 90° =", ["0", "1", "1/2", "√3/2"], "1"],
    ["How many diagonals does a hexagon have?", ["6", "8", "9", "12"], "9"],
  ],
  Physics: [
    ["The SI unit of force is", ["Joule", "Newton", "Watt", "Pascal"], "Newton"],
    ["Speed of light in vacuum is about", ["3 × 10⁸ m/s", "3 × 10⁶ m/s", "3 × 10⁵ km/h", "340 m/s"], "3 × 10⁸ m/s"],
    ["Which quantity is a vector?", ["Mass", "Speed", "Displacement", "Energy"], "Displacement"],
    ["Ohm's law relates", ["V, I and R", "P, V and T", "F, m and a", "E, m and c"], "V, I and R"],
    ["The unit of electric charge is", ["Ampere", "Coulomb", "Volt", "Ohm"], "Coulomb"],
    ["Acceleration due to gravity on Earth is about", ["9.8 m/s²", "6.7 m/s²", "1.6 m/s²", "12 m/s²"], "9.8 m/s²"],
    ["A convex lens is also called a", ["Diverging lens", "Converging lens", "Plane lens", "Bifocal lens"], "Converging lens"],
    ["Work done is zero when force and displacement are", ["Parallel", "Opposite", "Perpendicular", "Equal"], "Perpendicular"],
    ["The frequency of a wave is measured in", ["Hertz", "Decibel", "Metre", "Second"], "Hertz"],
    ["Kinetic energy of mass m at speed v is", ["mv", "mv²", "½mv²", "2mv²"], "½mv²"],
    ["Which colour of visible light has the longest wavelength?", ["Violet", "Blue", "Green", "Red"], "Red"],
  ],
  Chemistry: [
    ["The chemical symbol of sodium is", ["S", "So", "Na", "Sd"], "Na"],
    ["pH of pure water at 25 °C is", ["0", "7", "10", "14"], "7"],
    ["Which gas do plants absorb for photosynthesis?", ["Oxygen", "Nitrogen", "Carbon dioxide", "Hydrogen"], "Carbon dioxide"],
    ["Atomic number of carbon is", ["4", "6", "8", "12"], "6"],
    ["Common salt is", ["NaCl", "KCl", "NaHCO₃", "CaCO₃"], "NaCl"],
    ["Which is a noble gas?", ["Chlorine", "Argon", "Oxygen", "Nitrogen"], "Argon"],
    ["Rusting of iron is an example of", ["Reduction", "Oxidation", "Sublimation", "Neutralisation"], "Oxidation"],
    ["Avogadro's number is about", ["6.02 × 10²³", "3.0 × 10⁸", "1.6 × 10⁻¹⁹", "9.1 × 10⁻³¹"], "6.02 × 10²³"],
    ["The lightest element is", ["Helium", "Hydrogen", "Lithium", "Carbon"], "Hydrogen"],
    ["Vinegar contains", ["Citric acid", "Acetic acid", "Lactic acid", "Formic acid"], "Acetic acid"],
    ["Which bond shares electrons?", ["Ionic", "Covalent", "Metallic", "Hydrogen"], "Covalent"],
  ],
  Biology: [
    ["The powerhouse of the cell is", ["Nucleus", "Ribosome", "Mitochondrion", "Golgi body"], "Mitochondrion"],
    ["Human blood is pumped by the", ["Lungs", "Liver", "Heart", "Kidneys"], "Heart"],
    ["Which blood cells fight infection?", ["Red blood cells", "White blood cells", "Platelets", "Plasma"], "White blood cells"],
    ["Photosynthesis takes place in the", ["Chloroplast", "Mitochondrion", "Vacuole", "Cell wall"], "Chloroplast"],
    ["DNA stands for", ["Deoxyribonucleic acid", "Dinitrogen acid", "Deoxyribose nitrate", "Double nucleic acid"], "Deoxyribonucleic acid"],
    ["How many chambers does the human heart have?", ["2", "3", "4", "5"], "4"],
    ["Insulin is made by the", ["Liver", "Pancreas", "Thyroid", "Kidney"], "Pancreas"],
    ["The largest organ of the human body is the", ["Liver", "Brain", "Skin", "Lungs"], "Skin"],
    ["Which vitamin comes from sunlight on skin?", ["Vitamin A", "Vitamin B12", "Vitamin C", "Vitamin D"], "Vitamin D"],
    ["The basic unit of life is the", ["Tissue", "Cell", "Organ", "Atom"], "Cell"],
    ["Enzymes are mostly", ["Lipids", "Proteins", "Carbohydrates", "Vitamins"], "Proteins"],
  ],
  "General Knowledge": [
    ["The capital of India is", ["Mumbai", "New Delhi", "Kolkata", "Chennai"], "New Delhi"],
    ["Who wrote the national anthem 'Jana Gana Mana'?", ["Bankim Chandra Chatterjee", "Rabindranath Tagore", "Sarojini Naidu", "Subramania Bharati"], "Rabindranath Tagore"],
    ["ISRO's Mars mission is called", ["Chandrayaan", "Mangalyaan", "Gaganyaan", "Aditya"], "Mangalyaan"],
    ["The longest river in India is the", ["Yamuna", "Godavari", "Ganga", "Narmada"], "Ganga"],
    ["Which state has the most coastline in India?", ["Kerala", "Tamil Nadu", "Gujarat", "Odisha"], "Gujarat"],
    ["The Indian Constitution came into force in", ["1947", "1949", "1950", "1952"], "1950"],
    ["Who is known as the Missile Man of India?", ["Homi Bhabha", "A. P. J. Abdul Kalam", "Vikram Sarabhai", "C. V. Raman"], "A. P. J. Abdul Kalam"],
    ["The currency of Japan is the", ["Yuan", "Won", "Yen", "Ringgit"], "Yen"],
    ["How many states does India have?", ["26", "28", "29", "30"], "28"],
    ["The Nobel Prize-winning 'Raman effect' concerns", ["Sound", "Light scattering", "Magnetism", "Radioactivity"], "Light scattering"],
    ["The highest peak in India is", ["K2", "Kangchenjunga", "Nanda Devi", "Everest"], "Kangchenjunga"],
  ],
  English: [
    ["Choose the synonym of 'abundant'", ["Scarce", "Plentiful", "Tiny", "Rare"], "Plentiful"],
    ["Choose the antonym of 'ancient'", ["Old", "Modern", "Antique", "Aged"], "Modern"],
    ["Fill in: She ___ to school every day.", ["go", "goes", "going", "gone"], "goes"],
    ["The plural of 'criterion' is", ["criterions", "criteria", "criterias", "criterion"], "criteria"],
    ["Which is spelt correctly?", ["Accomodate", "Acommodate", "Accommodate", "Acomodate"], "Accommodate"],
    ["'Break the ice' means", ["To start a conversation", "To break something", "To feel cold", "To end a friendship"], "To start a conversation"],
    ["Identify the adverb: 'He ran quickly.'", ["He", "ran", "quickly", "none"], "quickly"],
    ["Past tense of 'write' is", ["writed", "wrote", "written", "writes"], "wrote"],
    ["Choose the correct article: ___ honest man", ["A", "An", "The", "No article"], "An"],
    ["The passive of 'They built a house' is", ["A house was built by them", "A house is built by them", "A house built them", "They were built a house"], "A house was built by them"],
    ["Synonym of 'diligent'", ["Lazy", "Hard-working", "Careless", "Slow"], "Hard-working"],
  ],
};

export type DemoContest = {
  title: string;
  subject: keyof typeof QUESTION_BANKS;
  description: string;
  entry_fee: number;
  duration_minutes: number;
  /** Minutes from the moment of seeding. */
  startsIn: number;
  endsIn: number;
  prize_pool: Record<string, unknown>;
  /** The lawful kinds (docs/decisions/contests-lawful-kinds.md): free with sponsored prizes, paid practice, free practice. */
  kind: ContestKind;
  sponsor?: string;
};

export const DEMO_CONTESTS: DemoContest[] = [
  { title: "Maths Sprint: Algebra & Arithmetic", subject: "Mathematics", description: "Twelve quick questions on arithmetic, algebra and geometry. Accuracy first, then speed.", entry_fee: 49, duration_minutes: 20, startsIn: 150, endsIn: 150 + 60, prize_pool: {}, kind: "practice" },
  { title: "Physics Fundamentals Challenge", subject: "Physics", description: "Units, motion, light and electricity: the Class 11 basics, under the clock.", entry_fee: 0, duration_minutes: 30, startsIn: 26 * 60, endsIn: 26 * 60 + 90, prize_pool: { first: 5000, second: 2500, third: 1000, bonus: "Certificate of Merit", grand_total: 8500 }, kind: "free", sponsor: "Pragati Book House" },
  { title: "Chemistry Quick Fire", subject: "Chemistry", description: "Symbols, reactions and the periodic table for NEET and JEE aspirants.", entry_fee: 0, duration_minutes: 15, startsIn: 3 * 24 * 60 + 45, endsIn: 3 * 24 * 60 + 45 + 60, prize_pool: {}, kind: "practice" },
  { title: "General Knowledge Live Round", subject: "General Knowledge", description: "India and the world: history, geography, science and current affairs.", entry_fee: 0, duration_minutes: 60, startsIn: -10, endsIn: 120, prize_pool: { first: 1500, second: 750, third: 300, grand_total: 2550 }, kind: "free", sponsor: "StudyArena" },
  { title: "Biology Brain Teaser", subject: "Biology", description: "Cells, organs and the human body: a NEET warm-up.", entry_fee: 0, duration_minutes: 20, startsIn: -5 * 24 * 60, endsIn: -5 * 24 * 60 + 60, prize_pool: { first: 2000, second: 1500, third: 850, grand_total: 4350 }, kind: "free", sponsor: "Shiksha Stationers" },
  { title: "English Grammar Gauntlet", subject: "English", description: "Synonyms, tenses, articles and idioms for board and bank exams.", entry_fee: 19, duration_minutes: 15, startsIn: -10 * 24 * 60, endsIn: -10 * 24 * 60 + 45, prize_pool: {}, kind: "practice" },
];

export const DEMO_STUDENT = { email: "student@studyarena.in", password: "Student@123", fullName: "Demo Student" };

/**
 * The account docs/admin-sql.md's "Reviewers" block makes a reviewer: seeded with no entry
 * anywhere (a reviewer decides nothing in a contest they entered), and not yet a reviewer,
 * so that the block, run as written on the demo, is what makes one (issue 65, point 3).
 */
export const DEMO_REVIEWER = { email: "reviewer@studyarena.in", password: "Reviewer@123", fullName: "Demo Reviewer" };

export const DEMO_USERS = [
  { email: "asha.rao@example.in", fullName: "Asha Rao", phone: "9876501234", address: "12 MG Road, Bengaluru, Karnataka 560001" },
  { email: "rahul.verma@example.in", fullName: "Rahul Verma", phone: "9812345670", address: "44 Civil Lines, Jaipur, Rajasthan 302006" },
  { email: "priya.nair@example.in", fullName: "Priya Nair", phone: "9895012345", address: "7 Marine Drive, Kochi, Kerala 682031" },
  { email: "arjun.singh@example.in", fullName: "Arjun Singh", phone: null, address: null },
  { email: "neha.gupta@example.in", fullName: "Neha Gupta", phone: null, address: null },
  { email: "vikram.iyer@example.in", fullName: "Vikram Iyer", phone: null, address: null },
];

export const PRODUCT_CATEGORIES = [
  "Engineering",
  "Medical",
  "JEE & NEET",
  "School (CBSE/ICSE)",
  "Commerce & Management",
  "Competitive Exams",
  "Notes & Stationery",
] as const;

type P = [title: string, author: string, publisher: string, category: (typeof PRODUCT_CATEGORIES)[number], price: number, condition: (typeof PRODUCT_CONDITIONS)[number]];

export const DEMO_PRODUCTS: P[] = [
  ["Concepts of Physics Vol. 1", "H. C. Verma", "Bharati Bhawan", "JEE & NEET", 320, "Good"],
  ["Concepts of Physics Vol. 2", "H. C. Verma", "Bharati Bhawan", "JEE & NEET", 340, "Very Good"],
  ["Objective Mathematics", "R. D. Sharma", "Dhanpat Rai", "JEE & NEET", 450, "Good"],
  ["Problems in General Physics", "I. E. Irodov", "Arihant", "JEE & NEET", 210, "Acceptable"],
  ["Organic Chemistry", "Morrison & Boyd", "Pearson", "JEE & NEET", 650, "Good"],
  ["NCERT Biology Class 12", "NCERT", "NCERT", "JEE & NEET", 120, "Very Good"],
  ["Higher Engineering Mathematics", "B. S. Grewal", "Khanna Publishers", "Engineering", 560, "Good"],
  ["Engineering Mechanics", "S. S. Bhavikatti", "New Age", "Engineering", 280, "Acceptable"],
  ["Data Structures Using C", "Reema Thareja", "Oxford", "Engineering", 390, "Very Good"],
  ["Digital Design", "M. Morris Mano", "Pearson", "Engineering", 430, "Good"],
  ["Let Us C", "Yashavant Kanetkar", "BPB", "Engineering", 180, "Acceptable"],
  ["Strength of Materials", "R. K. Bansal", "Laxmi", "Engineering", 470, "Good"],
  ["Gray's Anatomy for Students", "Drake, Vogl, Mitchell", "Elsevier", "Medical", 2400, "Good"],
  ["Guyton and Hall Physiology", "J. E. Hall", "Elsevier", "Medical", 1900, "Very Good"],
  ["Robbins Basic Pathology", "Kumar, Abbas, Aster", "Elsevier", "Medical", 1650, "Acceptable"],
  ["Essentials of Medical Pharmacology", "K. D. Tripathi", "Jaypee", "Medical", 1100, "Good"],
  ["BD Chaurasia's Human Anatomy Vol. 1", "B. D. Chaurasia", "CBS", "Medical", 780, "Good"],
  ["NCERT Mathematics Class 10", "NCERT", "NCERT", "School (CBSE/ICSE)", 90, "Good"],
  ["Lakhmir Singh Science Class 9", "Lakhmir Singh", "S. Chand", "School (CBSE/ICSE)", 240, "Very Good"],
  ["ICSE Concise Chemistry Class 10", "Selina", "Selina Publishers", "School (CBSE/ICSE)", 260, "Good"],
  ["Together with English Class 8", "Rachna Sagar", "Rachna Sagar", "School (CBSE/ICSE)", 150, "Acceptable"],
  ["RS Aggarwal Mathematics Class 7", "R. S. Aggarwal", "Bharati Bhawan", "School (CBSE/ICSE)", 200, "Like New"],
  ["Financial Accounting", "T. S. Grewal", "Sultan Chand", "Commerce & Management", 380, "Good"],
  ["Principles of Marketing", "Philip Kotler", "Pearson", "Commerce & Management", 720, "Very Good"],
  ["Business Economics", "H. L. Ahuja", "S. Chand", "Commerce & Management", 330, "Acceptable"],
  ["Cost Accounting", "Jain & Narang", "Kalyani", "Commerce & Management", 410, "Good"],
  ["Indian Polity", "M. Laxmikanth", "McGraw Hill", "Competitive Exams", 520, "Good"],
  ["Quantitative Aptitude", "R. S. Aggarwal", "S. Chand", "Competitive Exams", 350, "Very Good"],
  ["Word Power Made Easy", "Norman Lewis", "Penguin", "Competitive Exams", 140, "Good"],
  ["A Modern Approach to Verbal Reasoning", "R. S. Aggarwal", "S. Chand", "Competitive Exams", 300, "Acceptable"],
  ["Indian Economy", "Ramesh Singh", "McGraw Hill", "Competitive Exams", 480, "Good"],
  ["Certificate Physical and Human Geography", "G. C. Leong", "Oxford", "Competitive Exams", 260, "Acceptable"],
  ["JEE Physics handwritten notes (Class 11-12)", "Topper's notes", "Self", "Notes & Stationery", 150, "Good"],
  ["NEET Biology flash cards (600 cards)", "Self-made", "Self", "Notes & Stationery", 220, "Very Good"],
  ["Casio fx-991ES Plus calculator", "Casio", "Casio", "Notes & Stationery", 650, "Good"],
  ["Engineering drawing kit with mini drafter", "Omega", "Omega", "Notes & Stationery", 380, "Acceptable"],
];

export const BLOG_CATEGORIES = ["Study Tips", "Exam Strategy", "Student Life"] as const;

type B = { slug: string; title: string; excerpt: string; category: (typeof BLOG_CATEGORIES)[number]; featured?: boolean; paragraphs: string[] };

export const DEMO_POSTS: B[] = [
  { slug: "how-to-prepare-for-timed-mcq-tests", title: "How to Prepare for Timed MCQ Tests", excerpt: "Speed comes from practice, not panic: a plan for the last two weeks.", category: "Exam Strategy", featured: true, paragraphs: ["Timed multiple-choice tests reward two things: knowing the material and not wasting seconds. Start with untimed practice until your accuracy is above 80%, then add the clock.", "Skip a question you cannot answer in your first read and come back to it. Every question carries the same mark.", "In the last two days, do one full-length mock at the exact time of day of the real test."] },
  { slug: "active-recall-beats-rereading", title: "Active Recall Beats Rereading", excerpt: "Why closing the book and testing yourself works better than highlighting.", category: "Study Tips", paragraphs: ["Rereading feels productive because the text becomes familiar. Familiar is not the same as remembered.", "Close the book and write down what you remember. Then check. The effort of retrieving is what makes the memory stick."] },
  { slug: "buying-used-textbooks-smartly", title: "Buying Used Textbooks Smartly", excerpt: "Save 50-70% on textbooks without getting the wrong edition.", category: "Student Life", paragraphs: ["Check the edition and the ISBN against your syllabus before you pay.", "Books marked 'Good' may have highlighting; 'Like New' should have none. Ask the seller for a photo of a random inside page."] },
  { slug: "managing-exam-stress", title: "Managing Exam Stress", excerpt: "Sleep, short breaks and a realistic timetable.", category: "Student Life", paragraphs: ["Sleep is when memory consolidates. Cutting it before an exam costs more than it gains.", "Plan 50-minute blocks with 10-minute breaks, and put the hardest subject in your best hours."] },
  { slug: "mastering-ncert-for-neet", title: "Mastering NCERT for NEET", excerpt: "Most NEET biology questions come straight from NCERT lines.", category: "Exam Strategy", paragraphs: ["Read every NCERT biology chapter at least three times, including the diagrams and their captions.", "Make a list of the terms in bold and test yourself on them weekly."] },
  { slug: "pomodoro-for-long-study-days", title: "The Pomodoro Technique for Long Study Days", excerpt: "Twenty-five minutes on, five off: why it works and when it does not.", category: "Study Tips", paragraphs: ["A timer turns 'study all day' into a number of small, finishable tasks.", "For problem-solving that needs deep focus, stretch the block to 50 minutes rather than breaking a good streak."] },
];

/** What demo buyers wrote about the books they received, by the stars they gave. */
export const DEMO_REVIEW_TEXTS: Record<3 | 4 | 5, string[]> = {
  5: [
    "Exactly as described, and the seller packed it well. Highlighting only in the first two chapters.",
    "Arrived in three days. Clean pages and all the solved examples intact. Great price for this book.",
    "Saved me a lot over a new copy. The seller even added their own formula sheet!",
  ],
  4: [
    "Good condition for a used copy; a few pencil notes, easy to erase.",
    "Cover is a little worn but every page is there. Took a week to arrive.",
    "Useful book and an honest description. Spine is creased but fine.",
  ],
  3: [
    "Some pages have heavy underlining in pen, more than the listing said. Still readable.",
    "Older edition than I expected, though most chapters match the current syllabus.",
  ],
};
