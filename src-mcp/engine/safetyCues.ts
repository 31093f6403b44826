// The signs of benign work that clear a hit of the safety screen (issue 32): negation in the hit's
// own clause, and three framings of the whole sentence. Which framing may clear which category is
// the category's `excusedBy` (safetyCategories.ts): intent to harm at scale is never cleared by a
// defensive purpose ("release it to test our vaccine" stays flagged), only by negation or by being
// history, ethics, policy or planning a response.
import { MANIPULATION, type Excuse } from './safetyCategories.js';

/** Words that, a few words before a hit in its clause, turn it around ("does not harm", "prevent gain-of-function", "detect nerve agents"). */
const NEGATION = /\b(?:not|no|never|none|nor|cannot|can't|won't|don't|doesn't|isn't|without|avoid\w*|prevent\w*|prohibit\w*|forbid\w*|ban\w*|refus\w*|minimi[sz]\w*|reduc\w*|lower\w*|decreas\w*|suppress\w*|inhibit\w*|block\w*|limit\w*|mitigat\w*|protect\w*|safeguard\w*|defen[cs]\w*|counter\w*|detect\w*|diagnos\w*|treat\w*|neutrali[sz]\w*|decontaminat\w*|screen\w*|monitor\w*|triage|against|rather than|instead of|free of|exclud\w*)\b/i;
/** Words inside a long hit that turn it around ("masks that reduce the airborne spread"). */
const NEGATION_WITHIN = /\b(?:not|no|never|less|reduc\w*|lower\w*|decreas\w*|suppress\w*|inhibit\w*|block\w*|limit\w*|prevent\w*|mitigat\w*|curb\w*|slow\w*|halt\w*)\b/i;
/** How many words before a hit its clause may negate it from. */
const NEGATION_WINDOW_WORDS = 6;

/** A text about research or about a response rather than doing it: history, ethics, policy, law, teaching, preparedness planning. */
const POLICY = /\b(?:(?:to|for) plan (?:\w+ ){0,2}?(?:response|distribution|stockpiles?|evacuation|vaccination|treatment)|emergency response|response plans?|histor\w*|ethic\w*|policy|policies|oversight|governance|debate\w*|interview\w*|lessons?|verification|convention|treaty|treaties|arms control|non-?proliferation|forensics?|attribution|legal|teach\w*|curriculum|dual[- ]use risks?|risk assessment|assess\w* the risks?|preparedness|tabletop)\b/i;

/** A countermeasure, a test or a protection: what defensive work makes. */
const COUNTERMEASURE = String.raw`(?:vaccin|antivir|antibiotic|antimicrobial|antibod|antidote|antitoxin|antiseru|inhibitor|therap|treatment|drug|regimen|prophyla|diagnos|detection|detector|assay|test|primers?\b|sensor|countermeasure|decontamina|disinfect|protective equipment|PPE|masks?|respirators?|ventilation|filtration|safeguard|security|containment|surveillance|monitoring|reactivator|oxime|booster|biosecurity|biosafety)(?![\w]*[- ](?:resistant|resistance|escap\w*|evad\w*|evasion|breakthrough))`;
/** Words that end the object of a verb: a relative clause or a purpose starts after them, or the object is already defeating something ("make the virus evade the vaccine"). */
const OBJECT_END = String.raw`(?:that|which|whose|who|where|so|to|by|with|against|from|into|until|while|whether|if|(?:evad|evasion|escap|resist|overcom|defeat|bypass|circumvent|tolera|insensitiv|surviv|withstand|break|undermin|abolish|miss|fail|hid|conceal)\w*)`;

const DEFENCE: readonly RegExp[] = [
  // The work makes or improves a countermeasure: "develop antibodies that neutralise … escape variants",
  // "update diagnostic primers so that variants escaping PCR are caught", "increase the shelf life of smallpox vaccine".
  new RegExp(
    String.raw`\b(?:develop|design|discover|find|improv|update|build|test|evaluat|assess|compar|optimi[sz]|creat|engineer|produc|make|increas|extend|stabili[sz]|strengthen|formulat|validat|map|synthes)\w*\s+(?:(?!${OBJECT_END}\b)[\w'’-]+\s+){0,8}?${COUNTERMEASURE}\w*`,
    'i',
  ),
  // It opens with a defensive act: detect, diagnose, monitor, survey, treat, prevent, protect …
  /^\s*(?:(?:we will|we|our aim is to|the aim is to|aim:|goal:)\s+)?(?:detect\w*|diagnos\w*|monitor\w*|surve(?:il|y)\w*|track\w*|trac(?:e|ing)|forecast\w*|decontaminat\w*|disinfect\w*|inactivat\w*|treat\w*|prevent\w*|protect\w*|vaccinat\w*|screen\w* (?:\w+ ){0,2}(?:orders|sequences)|(?:pandemic )?preparedness|clinical|pre-exposure|post-exposure|ring vaccination|rapid (?:\w+ )?(?:tests?|detection|diagnos\w*))\b/i,
  // It ends in a defensive purpose: "…, to guide therapy", "to plan ring vaccination", "so that strain selection can be updated".
  new RegExp(
    String.raw`(?<!\b(?:used|given|approved|licensed|recommended|needed|required|hard|harder|difficult|impossible|easy|easier)\s)\b(?:to|so that|in order to|for|as|in)\s+(?:(?!that\b|which\b)[\w'’-]+\s+){0,3}?(?:treat|cure|diagnos\w*|detect|guide (?:therapy|treatment|care)|inform (?:booster|vaccine|treatment|public health)\w*|plan (?:ring )?(?:vaccination|stockpiles|response|evacuation)|set cleaning|update (?:the )?vaccines?|block (?:\w+ )?(?:dengue|infection|transmission|entry)|stop (?:the )?(?:outbreaks?|epidemics?|transmission|spread)|end (?:\w+ )?outbreaks?|protect (?:people|patients|hunters|workers|responders|the public|humans|populations?|against)|prevent (?:infection|disease|outbreaks?|transmission|resistance|the emergence|misuse|deaths?)|improve (?:\w+ )?(?:vaccines?|treatment|care|diagnos\w*)|(?:design|choose|select|prioriti[sz]e) (?:\w+ ){0,2}?(?:vaccines?|regimens?|drugs?|antivirals?|therap\w*|inhibitors?|antigens?|boosters?)(?![- ](?:resistant|escap\w*|evad\w*))|develop (?:\w+ )?(?:vaccines?|drugs?|antivirals?|inhibitors?|antidotes?|therap\w*|countermeasures?)|strain selection|gene therapy|phage therapy|therapy|therapeutic (?:use|products?|manufactur\w*)|analgesics?|drug targets?)\b`,
    'i',
  ),
  // Made as or for a vaccine, or against a poisoning: "express the antigen as a vaccine", "reactivators for nerve agent poisoning".
  /\b(?:as|for) (?:a |an |the )?(?:\w+ )?vaccines?\b(?! evasion| escape| resistance| breakthrough)|\b(?:for|against) (?:\w+ ){0,3}?(?:poisoning|intoxication)\b/i,
  // Therapeutic organisms: oncolytic viruses, gene-therapy vectors, phages.
  /\b(?:oncolytic|(?:viral|lentiviral|retroviral|adenoviral|AAV|gene[- ]therapy|vaccine) vectors?|lentiviral|bacteriophages?|phages?)\b/i,
];

/** Explaining what nature does, not making it happen: "why are some strains more virulent?" */
const EXPLANATION = /\bwhy\b|^\s*how (?:do|does|did|is|are|was|were|has|have)\b|\b(?:explain|understand|study|describ|investigat|determin|examin|document)\w* (?:why|how)\b(?!\s+(?:best )?to\b)|\b(?:risk )?factors (?:that|which|associated)\b|\b(?:determinants|predictors) of\b|\b(?:cohort|field|observational|retrospective) stud(?:y|ies)\b|\bcase series\b|\breview of\b/i;

/** Making or changing an organism: a sentence that does it is not explaining nature, whatever else it says. */
const MAKES_SOMETHING = new RegExp(MANIPULATION, 'i');

/** The benign framings a sentence carries. */
export function framingsOf(sentence: string): Set<Excuse> {
  const found = new Set<Excuse>();
  if (POLICY.test(sentence)) found.add('policy');
  if (DEFENCE.some((cue) => cue.test(sentence))) found.add('defence');
  if (EXPLANATION.test(sentence) && !MAKES_SOMETHING.test(sentence)) found.add('explanation');
  return found;
}

/** A hit is negated by a cue in the few words before it within its clause, or (for a long hit) in its own words after the first. */
export function isNegated(text: string, start: number, matched = ''): boolean {
  const clauseStart = Math.max(text.lastIndexOf('.', start - 1), text.lastIndexOf(';', start - 1), text.lastIndexOf(':', start - 1), text.lastIndexOf(',', start - 1)) + 1;
  const before = text.slice(clauseStart, start).trim().split(/\s+/).slice(-NEGATION_WINDOW_WORDS).join(' ');
  return NEGATION.test(before) || NEGATION_WITHIN.test(matched.split(/\s+/).slice(1).join(' '));
}
