/**
 * Simple keyword detection of what a visitor wants, in German and English: questions about
 * jobs and applications (the HR category and the HR contact), and requests for a person.
 */
const norm = (s: string) => s.toLowerCase().normalize('NFKC');

const HR = [
  /\bjobs?\b/, /\bkarriere/, /\bcareers?\b/, /\bbewerb/, /\bstellen?(angebot|anzeige|ausschreibung)?\b/, /\bstellenangebot/,
  /\bvacanc/, /\bapplica(tion|nt)/, /\bapply\b/, /\bhiring\b/, /\brecruit/, /\bausbildung/, /\bpraktikum/, /\binternship/,
  /\bgehalt\b/, /\bsalary\b/, /\blebenslauf/, /\bresume\b/, /\bcv\b/, /\boffene stellen/, /\bpersonalabteilung/, /\bjob offer/,
];

const PERSON = [
  /\b(mit )?(einem|einer|jemandem|ihnen|einem echten)? ?(menschen|mitarbeiter(in)?|ansprechpartner(in)?|berater(in)?)\b.*\b(sprechen|reden|kontakt|verbinden)/,
  /\b(sprechen|reden)\b.*\b(menschen|mitarbeiter|person|jemandem)/,
  /\bansprechpartner/, /\brückruf/, /\bzurück(zu)?rufen\b/, /\bruf(en|t)? (sie |ihr )?(mich|uns) (bitte )?(an|zurück)\b/, /\bruf(en sie)? mich (an|zurück)/, /\bkontakt(ieren|aufnahme)?\b.*\b(person|mitarbeiter|mensch)/,
  /\b(talk|speak|chat) (to|with) (a |an |some)?(human|person|someone|agent|representative|employee)/,
  /\b(human|real person|live agent|customer service agent)\b(?! resources)/, /\bcall me( back)?\b/, /\b(call|ring) (me|us) back\b/, /\bcallback\b/, /\bcontact person\b/,
];

export function isHrQuestion(text: string) {
  const t = norm(text);
  return HR.some((r) => r.test(t));
}

export function asksForPerson(text: string) {
  const t = norm(text);
  return PERSON.some((r) => r.test(t));
}

/** The department whose contact should take over, if the question clearly belongs to one. */
export function detectDepartment(text: string): string | undefined {
  return isHrQuestion(text) ? 'HR' : undefined;
}

const DEPARTMENT_NAMES: Record<string, string[]> = {
  HR: ['HR', 'Personal', 'Personalabteilung', 'Human Resources', 'Recruiting', 'Karriere', 'Careers', 'Jobs'],
};

/** The names customers give a department in their contact list, most common first. */
export const departmentNames = (department: string | undefined) => (department ? (DEPARTMENT_NAMES[department] ?? [department]) : []);
